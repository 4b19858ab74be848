// The finalize step's second half (issue 29): urgent, needed by, the property's own questions in the
// vendor's language, and up to three photos. Plain inputs in the submit form, so a phone without
// JavaScript posts them all; what was typed comes back filled in when the request is refused.
import { useVendorT } from '~/i18n/provider'
import type { Draft } from '~/areas/requests/vendor-cart.server'
import { Field, FieldErrors, inputClasses } from '~/ui/field'
import { MAX_REQUEST_PHOTOS } from '~/areas/requests/request-input.schema'

export type VendorRequestField = {
  key: string
  type: 'text' | 'number' | 'select' | 'checkbox' | 'date'
  required: boolean
  label: string
  options?: Array<{ value: string; label: string }>
}

/** What the vendor typed, kept in the cart cookie while a problem is put right. */
export type VendorDraft = Draft


/** The finalize step's problem codes, kept in the draft by field name: each is the message `errors.<code>` in every locale. */
export const VENDOR_ERRORS = ['answerRequired', 'answerOption', 'answerNumber', 'answerDate', 'answerText', 'neededBy', 'photoInvalid', 'photoTooLarge', 'photoTooMany', 'missingInfo'] as const
export type VendorError = (typeof VENDOR_ERRORS)[number]

const ERROR_KEYS = new Set<string>(VENDOR_ERRORS)

export function useDraftError(draft: VendorDraft | null) {
  const t = useVendorT()
  return (name: string) => {
    const code = draft?.problems[name]
    return code && ERROR_KEYS.has(code) ? [t(`errors.${code as VendorError}`)] : null
  }
}

export function VendorRequestDetails({ fields, draft }: { fields: VendorRequestField[]; draft: VendorDraft | null }) {
  const t = useVendorT()
  const errorOf = useDraftError(draft)
  const optional = (f: VendorRequestField) => (f.required ? f.label : `${f.label} ${t('finalize.optional')}`)
  return (
    // A ring on every focused control: the browser's own outline is faint or missing on checkboxes,
    // date pickers and file inputs, and a keyboard user must see where they are.
    <div className="space-y-4 [&_input:focus-within]:ring-2 [&_input:focus-within]:ring-brand-500 [&_select:focus]:ring-2 [&_select:focus]:ring-brand-500">
      {fields.map((f) => {
        const name = `field.${f.key}`
        const errors = errorOf(`fields.${f.key}`)
        const given = draft?.answers[f.key] ?? ''
        const required = f.required ? { 'aria-required': true as const } : {}
        if (f.type === 'checkbox') {
          return (
            <div key={f.key}>
              <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
                <input
                  type="checkbox"
                  name={name}
                  defaultChecked={given !== ''}
                  className="h-5 w-5"
                  aria-invalid={errors ? true : undefined}
                  aria-describedby={errors ? `${name}-error` : undefined}
                  {...required}
                />
                {optional(f)}
              </label>
              <FieldErrors id={`${name}-error`} errors={errors} />
            </div>
          )
        }
        if (f.type === 'select') {
          return (
            <div key={f.key}>
              <label htmlFor={name} className="mb-1 block text-sm font-medium text-slate-700">
                {optional(f)}
              </label>
              <select
                id={name}
                name={name}
                defaultValue={given}
                className={inputClasses}
                aria-invalid={errors ? true : undefined}
                aria-describedby={errors ? `${name}-error` : undefined}
                {...required}
              >
                <option value="">{t('finalize.choose')}</option>
                {f.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              <FieldErrors id={`${name}-error`} errors={errors} />
            </div>
          )
        }
        return (
          <Field
            key={f.key}
            id={name}
            name={name}
            label={optional(f)}
            type={f.type === 'number' ? 'text' : f.type}
            inputMode={f.type === 'number' ? 'decimal' : undefined}
            maxLength={f.type === 'text' ? 500 : undefined}
            defaultValue={given}
            errors={errors}
            {...required}
          />
        )
      })}
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" name="urgent" defaultChecked={draft?.urgent ?? false} className="h-5 w-5" aria-describedby="urgent-hint" />
          {t('finalize.urgentLabel')}
        </label>
        <p id="urgent-hint" className="mt-1 text-xs text-slate-500">
          {t('finalize.urgentHint')}
        </p>
      </div>
      <Field
        id="neededBy"
        name="neededBy"
        type="datetime-local"
        label={t('finalize.neededByLabel')}
        hint={t('finalize.neededByHint')}
        defaultValue={draft?.neededBy ?? ''}
        errors={errorOf('neededBy')}
      />
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">{t('finalize.photosLabel')}</legend>
        {draft?.photos.length ? (
          <ul className="mb-2 flex flex-wrap gap-3">
            {draft.photos.map((p, i) => (
              <li key={p.imageUrl}>
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" name="keptPhoto" value={`${p.imageUrl} ${p.thumbnailUrl}`} defaultChecked className="h-5 w-5" />
                  <img src={p.thumbnailUrl} alt="" className="h-16 w-16 rounded object-cover" />
                  {t('finalize.photoKept', { n: i + 1 })}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <label htmlFor="photo" className="sr-only">
          {t('finalize.photosLabel')}
        </label>
        <input
          id="photo"
          type="file"
          name="photo"
          accept="image/*"
          multiple
          data-photo-input
          data-max={MAX_REQUEST_PHOTOS}
          data-remove-label={t('finalize.photoRemove', { n: '{{n}}' })}
          data-photo-label={t('finalize.photoKept', { n: '{{n}}' })}
          aria-describedby={errorOf('photos') ? 'photo-hint photo-error' : 'photo-hint'}
          aria-invalid={errorOf('photos') ? true : undefined}
          className="block w-full text-sm text-slate-700"
        />
        <p id="photo-hint" className="mt-1 text-xs text-slate-500">
          {t('finalize.photosHint')}
        </p>
        {/* No aria-live: the page enhancer matches live regions by position when it swaps a page in. */}
        <ul data-photo-previews className="mt-2 flex flex-wrap gap-3" />
        <FieldErrors id="photo-error" errors={errorOf('photos')} />
      </fieldset>
    </div>
  )
}
