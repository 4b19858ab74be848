import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { cn } from './cn'

const inputLook =
  'block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 aria-[invalid=true]:border-red-500'
export const inputClasses = `${inputLook} w-full`

/**
 * A short number beside its label (quantities, par levels). Not `inputClasses` plus a width: its
 * w-full won over the width and squeezed the label under the input ("Hand S Refill").
 */
export const narrowInputClasses = (width: 'w-20' | 'w-24') => `${inputLook} ${width} shrink-0`

export function FieldErrors({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors?.length) return null
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-600">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  )
}

type Common = { label: ReactNode; errors?: string[] | null; hint?: ReactNode; className?: string }

function useFieldIds(givenId?: string) {
  const fallback = useId()
  const id = givenId ?? fallback
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` }
}

function describedBy(errors: string[] | null | undefined, hint: ReactNode, ids: { errorId: string; hintId: string }) {
  return [errors?.length ? ids.errorId : null, hint ? ids.hintId : null].filter(Boolean).join(' ') || undefined
}

/** A control's invalid state and what describes it (its errors, its hint), for screen readers. */
function describedFields(errors: string[] | null | undefined, hint: ReactNode, ids: { errorId: string; hintId: string }) {
  return { 'aria-invalid': errors?.length ? true : undefined, 'aria-describedby': describedBy(errors, hint, ids) }
}

type FieldIds = ReturnType<typeof useFieldIds>

/** A field's label above its control, then its hint and its errors, each under the ids the control names. */
function FieldFrame({ ids, label, errors, hint, className, children }: Common & { ids: FieldIds; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={ids.id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={ids.errorId} errors={errors} />
    </div>
  )
}

export function Field({ label, errors, hint, className, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const ids = useFieldIds(input.id)
  return (
    <FieldFrame {...{ ids, label, errors, hint, className }}>
      <input {...input} id={ids.id} className={inputClasses} {...describedFields(errors, hint, ids)} />
    </FieldFrame>
  )
}

export function TextareaField({ label, errors, hint, className, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ids = useFieldIds(input.id)
  return (
    <FieldFrame {...{ ids, label, errors, hint, className }}>
      <textarea rows={3} {...input} id={ids.id} className={inputClasses} {...describedFields(errors, hint, ids)} />
    </FieldFrame>
  )
}

export function SelectField({
  label,
  errors,
  hint,
  className,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const ids = useFieldIds(select.id)
  return (
    <FieldFrame {...{ ids, label, errors, hint, className }}>
      <select {...select} id={ids.id} className={cn(inputClasses, 'pr-8')} {...describedFields(errors, hint, ids)}>
        {children}
      </select>
    </FieldFrame>
  )
}
