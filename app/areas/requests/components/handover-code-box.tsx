// The vendor's handover code, large enough to read out at the door.
export function HandoverCodeBox({ code, label, hint }: { code: string; label: string; hint: string }) {
  return (
    <dl className="mt-5 rounded-md border border-brand-200 bg-brand-50 p-4 text-center">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 font-mono text-3xl font-bold tracking-[0.3em] text-slate-900" data-testid="handover-code">
        {code}
      </dd>
      <dd className="mt-2 text-xs text-slate-600">{hint}</dd>
    </dl>
  )
}
