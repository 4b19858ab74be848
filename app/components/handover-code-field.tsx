// The runner types the vendor's 4-digit code when marking a delivery delivered.
export function HandoverCodeField({ id }: { id: string }) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Handover code
      </label>
      <input
        id={id}
        name="handoverCode"
        inputMode="numeric"
        pattern="[0-9]{4}"
        maxLength={4}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        className="block h-11 w-32 rounded-md border border-slate-300 bg-white px-3 font-mono text-lg tracking-widest"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Ask the vendor for the 4 digits on their confirmation or tracking page.
      </p>
    </div>
  )
}
