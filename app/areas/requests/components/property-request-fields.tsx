// A property's questions for its vendors (issue 29): which room, which floor, which cost centre. One
// plain form of rows, one per question plus a blank one for a new question, so it works without
// JavaScript; the Order numbers set the order vendors see them in. Labels in the six vendor
// languages, English the fallback; a select's options one a line.
import { Form, useNavigation } from '@remix-run/react'
import { FIELD_LANGUAGES, MAX_REQUEST_FIELDS, REQUEST_FIELD_TYPES, optionLine, type RequestField } from '~/areas/requests/request-fields.schema'
import { Button } from '~/ui/button'
import { inputClasses, narrowInputClasses } from '~/ui/field'

const TYPE_LABELS: Record<(typeof REQUEST_FIELD_TYPES)[number], string> = {
  text: 'Text',
  number: 'Number',
  select: 'Choice (select)',
  checkbox: 'Checkbox',
  date: 'Date',
}

export function PropertyRequestFields({ propertyId, fields }: { propertyId: string; fields: RequestField[] }) {
  const navigation = useNavigation()
  const saving = navigation.formData?.get('intent') === 'request-fields'
  const rows: Array<RequestField | null> = fields.length < MAX_REQUEST_FIELDS ? [...fields, null] : fields
  return (
    <section aria-labelledby="request-fields-heading" className="mt-6 border-t border-slate-200 pt-6">
      <h3 id="request-fields-heading" className="text-base font-semibold text-slate-900">
        Questions for vendors
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Asked when a vendor sends a request from this property’s QR code, in the vendor’s language (English where a translation is missing). Up to{' '}
        {MAX_REQUEST_FIELDS}. Changing them never changes answers already given.
      </p>
      <Form method="post" className="mt-3 space-y-4">
        <input type="hidden" name="intent" value="request-fields" />
        <input type="hidden" name="id" value={propertyId} />
        {rows.map((f, i) => (
          <fieldset key={f?.key ?? `new-${i}`} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-800">{f ? `Question ${i + 1}: ${f.labels.en}` : 'New question'}</legend>
            <div className="grid gap-3 sm:grid-cols-[6rem_1fr_1fr]">
              <div>
                <label htmlFor={`q-${i}-order`} className="mb-1 block text-sm text-slate-700">
                  Order
                </label>
                <input id={`q-${i}-order`} name={`q.${i}.order`} type="number" min={1} max={MAX_REQUEST_FIELDS + 1} defaultValue={i + 1} className={narrowInputClasses('w-20')} />
              </div>
              <div>
                <label htmlFor={`q-${i}-key`} className="mb-1 block text-sm text-slate-700">
                  Key
                </label>
                <input
                  id={`q-${i}-key`}
                  name={`q.${i}.key`}
                  defaultValue={f?.key ?? ''}
                  pattern="[a-z][a-z0-9_]{0,31}"
                  maxLength={32}
                  aria-describedby={`q-${i}-key-hint`}
                  className={inputClasses}
                />
                <p id={`q-${i}-key-hint`} className="mt-1 text-xs text-slate-500">
                  Lower-case letters, digits and _, e.g. room. The CSV column and the API use it.
                </p>
              </div>
              <div>
                <label htmlFor={`q-${i}-type`} className="mb-1 block text-sm text-slate-700">
                  Type
                </label>
                <select id={`q-${i}-type`} name={`q.${i}.type`} defaultValue={f?.type ?? 'text'} className={inputClasses}>
                  {REQUEST_FIELD_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {TYPE_LABELS[t]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="mt-3 grid gap-3 sm:grid-cols-3">
              {FIELD_LANGUAGES.map((l) => (
                <div key={l.code}>
                  <label htmlFor={`q-${i}-label-${l.code}`} className="mb-1 block text-sm text-slate-700">
                    Label ({l.name}){l.code === 'en' ? '' : ', optional'}
                  </label>
                  <input id={`q-${i}-label-${l.code}`} name={`q.${i}.label.${l.code}`} defaultValue={f?.labels[l.code] ?? ''} maxLength={100} className={inputClasses} />
                </div>
              ))}
            </div>
            <div className="mt-3">
              <label htmlFor={`q-${i}-options`} className="mb-1 block text-sm text-slate-700">
                Options (a choice only)
              </label>
              <textarea
                id={`q-${i}-options`}
                name={`q.${i}.options`}
                rows={3}
                defaultValue={(f?.options ?? []).map(optionLine).join('\n')}
                aria-describedby={`q-${i}-options-hint`}
                className={inputClasses}
              />
              <p id={`q-${i}-options-hint`} className="mt-1 text-xs text-slate-500">
                One a line: value | English | Spanish | Portuguese | Russian | Hindi | Ukrainian (translations optional), e.g. pool | Pool | Piscina
              </p>
            </div>
            <div className="mt-3 flex flex-wrap gap-4 text-sm text-slate-700">
              <label className="flex items-center gap-2">
                <input type="checkbox" name={`q.${i}.required`} defaultChecked={f?.required ?? false} className="h-4 w-4" />
                Required
              </label>
              {f ? (
                <label className="flex items-center gap-2">
                  <input type="checkbox" name={`q.${i}.remove`} className="h-4 w-4" />
                  Remove this question
                </label>
              ) : null}
            </div>
          </fieldset>
        ))}
        <Button type="submit" pending={saving} pendingLabel="Saving...">
          Save questions
        </Button>
      </Form>
    </section>
  )
}
