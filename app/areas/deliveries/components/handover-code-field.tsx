// The runner types the vendor's 4-digit code when marking a delivery delivered. What it says follows
// the organisation's rule: required, optional ("show it if asked"), or none for a request made before
// codes existed, which then says so rather than taking any code in silence.
import type { HandoverRule } from '~/areas/requests/handover.server'

const HINTS: Record<Exclude<HandoverRule, 'none'>, string> = {
  required: 'Ask the vendor for the 4 digits on their confirmation or tracking page.',
  optional: 'Optional: if the vendor shows you their 4 digits, enter them. A wrong code is refused.',
}

/** `error`: the last post's refusal of this code, shown beside the field (issue 34). */
export function HandoverCodeField({ id, rule = 'required', label = 'Handover code', error }: { id: string; rule?: HandoverRule; label?: string; error?: string }) {
  if (rule === 'none') {
    return (
      <p className="mb-3 text-sm text-slate-600" data-testid="no-handover-code">
        This request has no handover code (it was made before codes existed): none is needed.
      </p>
    )
  }
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {rule === 'optional' ? `${label} (optional)` : label}
      </label>
      <input
        id={id}
        name="handoverCode"
        inputMode="numeric"
        pattern="[0-9]{4}"
        maxLength={4}
        autoComplete="off"
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        className={`block h-11 w-32 rounded-md border bg-white px-3 font-mono text-lg tracking-widest ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-testid="handover-code-error">
          {error}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {HINTS[rule]}
      </p>
    </div>
  )
}
