// What a requester tells us beyond the cart (issue 29): urgency, a needed-by time on the property's
// clock, answers to the property's questions and up to three photos. Checked before the request
// joins the write queue, so a refusal costs the group writer nothing; stored as plain columns of
// the request (decision 081) and read back here for every view.
import { tables } from '~/lib/sql-builder.server'
import { listed } from '~/lib/sql-list.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { readNow, type Sql } from '~/lib/sql.server'
import { Invalid } from '~/lib/errors'
import { zonedInstant } from '~/lib/schedule'
import { ANSWER_MESSAGES, answersAsObject, checkAnswers, type AnswerProblem, type FieldAnswer } from '~/areas/requests/request-fields.schema'
import type { ValidRequestInput } from '~/areas/requests/request-input.schema'
import { imagesKeptFor } from '~/lib/storage.server'
import { parseStoredFields } from './request-fields.server'
import { safeTimeZone } from '~/areas/organisation/organisation-time-zone.server'

export type RequestPhoto = { imageUrl: string; thumbnailUrl: string }
export type RequestDetails = { urgent: boolean; neededBy: Date | null; fieldAnswers: FieldAnswer[]; photos: RequestPhoto[] }

/** A request's detail columns and its property (joined as p), as plain-SQL reads of requests return them. */
export type DetailAndPropertyColumns = {
  urgent: number
  neededBy: string | null
  fieldAnswers: string | null
  photos: string | null
  pId: string | null
  pName: string | null
  pAddress: string | null
}

export const NO_DETAILS: RequestDetails = { urgent: false, neededBy: null, fieldAnswers: [], photos: [] }

export const NEEDED_BY_MESSAGE = 'Needed by must be a date and time such as 2026-12-01T14:00'
export const PHOTO_MESSAGE = 'Upload the photo with POST /api/upload first, then send the address it answered'

/** A refusal of answers, with each problem's code kept so the vendor page can say it in the vendor's language. */
export class InvalidAnswers extends Invalid {
  constructor(
    fieldErrors: Record<string, string[]>,
    readonly problems: Record<string, AnswerProblem | 'neededBy' | 'photo'>,
  ) {
    super(Object.values(fieldErrors)[0]?.[0] ?? 'Invalid answers', fieldErrors)
  }
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/
const ABSOLUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/**
 * "2026-12-01T14:00" is a time on the property's clock (the organisation's zone, decision 073); a time
 * with a zone ("…Z", "…+02:00") is that instant. Null for anything else.
 */
export function neededByInstant(value: string, timeZone: string): Date | null {
  const local = LOCAL.exec(value)
  if (local) {
    const [, y, mo, d, h, mi] = local.map(Number) as number[]
    if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h! > 23 || mi! > 59) return null
    const at = zonedInstant(timeZone, y!, mo!, d!, h!, mi!)
    return Number.isNaN(at.getTime()) ? null : at
  }
  if (!ABSOLUTE.test(value)) return null
  const at = new Date(value)
  return Number.isNaN(at.getTime()) ? null : at
}

// Compiled once as well (decision 125).
const questionsAt = compiledOnce((p: { propertyId: string }) =>
  tables
    .selectFrom('Property as p')
    .innerJoin('Organisation as o', 'o.id', 'p.organisationId')
    .leftJoin('PropertyRequestFields as f', 'f.propertyId', 'p.id')
    .select(['p.organisationId', 'o.timeZone', 'f.fields'])
    .where('p.id', '=', p.propertyId),
)

/**
 * Checks the details against the property they are sent to. Throws InvalidAnswers (fieldErrors keyed
 * `fields.<key>`, `neededBy`, `photos.<i>`); a property that is not there asks nothing, and the
 * intake answers its NotFound as before.
 */
export async function checkRequestDetails(
  valid: ValidRequestInput,
  answersFrom: 'json' | 'form' = 'json',
  source: 'vendor' | 'manager' = 'vendor',
): Promise<RequestDetails> {
  const asksAnything = valid.urgent || valid.neededBy || valid.fields || valid.photos?.length
  // A manager's request need not answer the questions (decision 081): nothing given, nothing to check.
  if (source === 'manager' && !asksAnything) return NO_DETAILS
  // On every submission, so one kept statement: through the ORM, with its two relations, this read
  // cost more CPU than the rest of the intake and halved the rate a building can send at.
  const property = await readNow((db) => db.one(questionsAt({ propertyId: valid.propertyId })))
  if (!property) return NO_DETAILS
  // The questions are the vendor's to answer: a manager's request (typed in, a standing order, a
  // reorder) may leave them out, though what it does answer is checked the same (decision 081).
  const stored = parseStoredFields(property.fields)
  const definitions = source === 'manager' ? stored.map((f) => ({ ...f, required: false })) : stored
  if (!asksAnything && definitions.every((f) => !f.required)) return NO_DETAILS

  const { answers, problems } = checkAnswers(definitions, valid.fields, answersFrom)
  const allProblems: Record<string, AnswerProblem | 'neededBy' | 'photo'> = { ...problems }
  let neededBy: Date | null = null
  if (valid.neededBy) {
    neededBy = neededByInstant(valid.neededBy, safeTimeZone(property.timeZone))
    if (!neededBy) allProblems.neededBy = 'neededBy'
  }
  const photos = (valid.photos ?? []).map((p) => ({ imageUrl: p.imageUrl, thumbnailUrl: p.thumbnailUrl }))
  for (const [i, photo] of photos.entries()) {
    if (!(await imagesKeptFor(property.organisationId, [photo.imageUrl, photo.thumbnailUrl]))) allProblems[`photos.${i}`] = 'photo'
  }
  if (Object.keys(allProblems).length > 0) {
    const fieldErrors = Object.fromEntries(
      Object.entries(allProblems).map(([key, p]) => [key, [p === 'neededBy' ? NEEDED_BY_MESSAGE : p === 'photo' ? PHOTO_MESSAGE : ANSWER_MESSAGES[p]]]),
    )
    throw new InvalidAnswers(fieldErrors, allProblems)
  }
  return { urgent: valid.urgent ?? false, neededBy, fieldAnswers: answers, photos }
}

function parseJsonList<T>(json: string | null | undefined): T[] {
  if (!json) return []
  try {
    const value = JSON.parse(json) as unknown
    return Array.isArray(value) ? (value as T[]) : []
  } catch {
    return []
  }
}

/** The columns as stored, made the view every screen and the API show. */
export function detailsFromColumns(row: { urgent: boolean | number | null; neededBy: Date | string | null; fieldAnswers: string | null; photos: string | null }) {
  const fieldAnswers = parseJsonList<FieldAnswer>(row.fieldAnswers)
  return {
    urgent: row.urgent === true || row.urgent === 1,
    neededBy: row.neededBy ? new Date(row.neededBy) : null,
    fields: answersAsObject(fieldAnswers),
    fieldAnswers,
    photos: parseJsonList<RequestPhoto>(row.photos),
  }
}

export type RequestDetailsView = ReturnType<typeof detailsFromColumns>

/** The columns to store; empty lists are kept as NULL, which is what most requests hold. */
export function detailsToColumns(details: RequestDetails) {
  return {
    urgent: details.urgent,
    neededBy: details.neededBy,
    fieldAnswers: details.fieldAnswers.length ? JSON.stringify(details.fieldAnswers) : null,
    photos: details.photos.length ? JSON.stringify(details.photos) : null,
  }
}

/** What a webhook's request.created carries of them. */
export function detailsForWebhook(details: RequestDetails) {
  return { urgent: details.urgent, neededBy: details.neededBy?.toISOString() ?? null, fields: answersAsObject(details.fieldAnswers), photos: details.photos }
}

/**
 * What the requester told us, as every webhook event about these requests carries it (issue 29):
 * one kept statement for all of them, inside the caller's transaction.
 */
export function webhookDetailsIn(db: Sql, requestIds: string[]) {
  const rows = db.all(tables.selectFrom('ProductRequest').select(['id', 'urgent', 'neededBy', 'fieldAnswers', 'photos']).where('id', 'in', listed(requestIds)))
  return new Map(rows.map((r) => [r.id, detailsForWebhook(detailsFromColumns(r))]))
}
