// A property's extra questions for its vendors (issue 29) and the checks of their answers. Shared by
// the model, the manager's form, the vendor page and the OpenAPI document, so it holds no messages
// of a language other than English: the vendor page turns the error codes into its own words.
import { z } from 'zod'
import type { VendorLanguage } from '~/i18n/config'

export const REQUEST_FIELD_TYPES = ['text', 'number', 'select', 'checkbox', 'date'] as const
export type RequestFieldType = (typeof REQUEST_FIELD_TYPES)[number]
export const MAX_REQUEST_FIELDS = 10
export const MAX_FIELD_OPTIONS = 30
export const MAX_TEXT_ANSWER = 500
export const FIELD_KEY = /^[a-z][a-z0-9_]{0,31}$/

const label = z.string().trim().max(100, 'A label must be at most 100 characters')
/** English is the fallback every other language falls back to, so it is the one label a field must have. */
const Labels = z
  .object(
    { en: label.min(1, 'An English label is required'), es: label.optional(), pt: label.optional(), ru: label.optional(), hi: label.optional(), uk: label.optional() },
    { error: 'Labels must be an object such as { "en": "Room" }' },
  )
  .transform((labels) => Object.fromEntries(Object.entries(labels).filter(([, v]) => typeof v === 'string' && v !== '')) as FieldLabels)

export type FieldLabels = { en: string } & Partial<Record<VendorLanguage, string>>

const Option = z.object({
  value: z.string({ error: 'An option needs a value' }).trim().min(1, 'An option needs a value').max(64, 'An option value must be at most 64 characters'),
  labels: Labels,
})

const Field = z
  .object({
    key: z.string({ error: 'A key is required' }).regex(FIELD_KEY, 'A key is a lower-case letter, then up to 31 lower-case letters, digits or _'),
    type: z.enum(REQUEST_FIELD_TYPES, { error: `Type must be one of ${REQUEST_FIELD_TYPES.join(', ')}` }),
    required: z.boolean({ error: 'Required must be true or false' }).default(false),
    labels: Labels,
    options: z.array(Option).max(MAX_FIELD_OPTIONS, `A select has at most ${MAX_FIELD_OPTIONS} options`).optional(),
  })
  .superRefine((field, ctx) => {
    if (field.type === 'select') {
      if (!field.options?.length) ctx.addIssue({ code: 'custom', message: 'A select needs at least one option', path: ['options'] })
      const seen = new Set<string>()
      field.options?.forEach((o, i) => {
        if (seen.has(o.value)) ctx.addIssue({ code: 'custom', message: 'Each option value can be listed only once', path: ['options', i, 'value'] })
        seen.add(o.value)
      })
    } else if (field.options?.length) {
      ctx.addIssue({ code: 'custom', message: 'Only a select has options', path: ['options'] })
    }
  })
  .transform((field) => (field.type === 'select' ? field : { ...field, options: undefined }))

export const RequestFieldsInput = z.object({
  fields: z
    .array(Field, { error: 'Fields must be a list' })
    .max(MAX_REQUEST_FIELDS, `A property can ask at most ${MAX_REQUEST_FIELDS} questions`)
    .superRefine((fields, ctx) => {
      const seen = new Set<string>()
      fields.forEach((f, i) => {
        if (seen.has(f.key)) ctx.addIssue({ code: 'custom', message: 'Each key can be used only once', path: [i, 'key'] })
        seen.add(f.key)
      })
    }),
})

export type RequestField = {
  key: string
  type: RequestFieldType
  required: boolean
  labels: FieldLabels
  options?: Array<{ value: string; labels: FieldLabels }>
}

/** One answer as stored with the request: the question as it was asked then, so a later edit changes no answer. */
export type FieldAnswer = { key: string; label: string; type: RequestFieldType; value: string | number | boolean; text: string }

export type AnswerProblem = 'required' | 'option' | 'number' | 'date' | 'checkbox' | 'text' | 'unknown'

export const ANSWER_MESSAGES: Record<AnswerProblem, string> = {
  required: 'This question must be answered',
  option: 'Choose one of the offered options',
  number: 'Enter a number',
  date: 'Enter a date as YYYY-MM-DD',
  checkbox: 'Answer true or false',
  text: `Enter at most ${MAX_TEXT_ANSWER} characters of text`,
  unknown: 'This property does not ask this question',
}

export function labelIn(labels: FieldLabels, lang: string) {
  return labels[lang as VendorLanguage] || labels.en
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
function isDate(value: string) {
  if (!DATE.test(value)) return false
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value
}

/**
 * Checks answers against the questions. `from: 'json'` wants the JSON types (a number, a boolean);
 * `from: 'form'` reads what a form posts (text, and a checkbox present or absent). Empty answers to
 * optional questions are left out. Problems come keyed `fields.<key>`, as the API reports them.
 */
export function checkAnswers(
  fields: RequestField[],
  raw: Record<string, unknown> | null | undefined,
  from: 'json' | 'form',
): { answers: FieldAnswer[]; problems: Record<string, AnswerProblem> } {
  const given = raw ?? {}
  const answers: FieldAnswer[] = []
  const problems: Record<string, AnswerProblem> = {}
  const known = new Set(fields.map((f) => f.key))
  for (const key of Object.keys(given)) if (!known.has(key) && from === 'json') problems[`fields.${key}`] = 'unknown'
  for (const field of fields) {
    let value = given[field.key]
    if (typeof value === 'string' && field.type !== 'text') value = value.trim()
    const empty = value === undefined || value === null || value === ''
    const problem = (p: AnswerProblem) => (problems[`fields.${field.key}`] = p)
    const label = field.labels.en
    if (field.type === 'checkbox') {
      // A form posts a ticked box and leaves an unticked one out; JSON says true or false.
      const checked = from === 'form' ? !empty : typeof value === 'boolean' ? value : empty ? null : undefined
      if (checked === undefined) problem('checkbox')
      else if (field.required && checked !== true) problem('required')
      else if (checked !== null && (checked || from === 'json')) answers.push({ key: field.key, label, type: 'checkbox', value: checked, text: checked ? 'Yes' : 'No' })
      continue
    }
    if (empty) {
      if (field.required) problem('required')
      continue
    }
    if (field.type === 'number') {
      const n = typeof value === 'number' ? value : from === 'form' && typeof value === 'string' && /^-?\d+([.,]\d+)?$/.test(value) ? Number(value.replace(',', '.')) : NaN
      if (!Number.isFinite(n)) problem('number')
      else answers.push({ key: field.key, label, type: 'number', value: n, text: String(n) })
    } else if (field.type === 'date') {
      if (typeof value !== 'string' || !isDate(value)) problem('date')
      else answers.push({ key: field.key, label, type: 'date', value, text: value })
    } else if (field.type === 'select') {
      const option = typeof value === 'string' ? field.options?.find((o) => o.value === value) : undefined
      if (!option) problem('option')
      else answers.push({ key: field.key, label, type: 'select', value: option.value, text: option.labels.en })
    } else {
      if (typeof value !== 'string' || value.trim().length > MAX_TEXT_ANSWER) problem('text')
      else answers.push({ key: field.key, label, type: 'text', value: value.trim(), text: value.trim() })
    }
  }
  return { answers, problems }
}

/** The API's `fields: { key: value }` of a request's stored answers. */
export function answersAsObject(answers: FieldAnswer[] | null | undefined) {
  return Object.fromEntries((answers ?? []).map((a) => [a.key, a.value]))
}

export const FIELD_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'ru', name: 'Russian' },
  { code: 'hi', name: 'Hindi' },
  { code: 'uk', name: 'Ukrainian' },
] as const

/** An option as the manager's form writes it, one a line: `value | English | Spanish | Portuguese | Russian | Hindi | Ukrainian`. */
export function optionLine(option: { value: string; labels: FieldLabels }) {
  const labels = FIELD_LANGUAGES.map((l) => option.labels[l.code] ?? '')
  while (labels.length > 1 && labels[labels.length - 1] === '') labels.pop()
  return [option.value, ...labels].join(' | ')
}

/**
 * The manager's form (rows `q.<i>.*`) as the API's document, unchecked: the model checks it. A row
 * with neither key nor English label is the blank one for a new question; a row marked remove goes;
 * rows are put in the order their Order numbers say.
 */
export function requestFieldsFromForm(form: FormData): { fields: unknown[] } {
  const rows = new Map<number, Record<string, string>>()
  for (const [name, value] of form) {
    const m = /^q\.(\d{1,2})\.(.+)$/.exec(name)
    if (!m || typeof value !== 'string') continue
    const row = rows.get(Number(m[1])) ?? {}
    row[m[2]!] = value
    rows.set(Number(m[1]), row)
  }
  const fields = [...rows.entries()]
    .filter(([, r]) => !r.remove && ((r.key ?? '').trim() || (r['label.en'] ?? '').trim()))
    .map(([i, r]) => ({ i, order: Number(r.order) || i + 1, r }))
    .sort((a, b) => a.order - b.order || a.i - b.i)
    .map(({ r }) => {
      const labels = Object.fromEntries(FIELD_LANGUAGES.map((l) => [l.code, (r[`label.${l.code}`] ?? '').trim()]).filter(([, v]) => v !== ''))
      const type = r.type ?? 'text'
      const options = (r.options ?? '')
        .split(/\r?\n/)
        .map((line) => line.split('|').map((part) => part.trim()))
        .filter((parts) => parts[0])
        .map(([value, ...names]) => ({
          value,
          // An option without an English name is called by its value.
          labels: { ...Object.fromEntries(FIELD_LANGUAGES.map((l, j) => [l.code, names[j] ?? '']).filter(([, v]) => v !== '')), en: names[0] || value },
        }))
      return { key: (r.key ?? '').trim(), type, required: r.required === 'on', labels, ...(type === 'select' || options.length ? { options } : {}) }
    })
  return { fields }
}
