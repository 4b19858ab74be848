// What the depot's shelf cannot cover (issue 37): shown on Dispatch before an assignment or a run is
// made (a preview, nothing held yet) and on a run once it is. Assigning is still allowed.
export type ShortageLine = { productId: string; name: string; needed: number; available: number }

export function ShortageNote({ shortages, title, id }: { shortages: ShortageLine[]; title: string; id: string }) {
  if (shortages.length === 0) return null
  return (
    <section aria-labelledby={id} className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="shortages">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {/* Lines, not a list: on a run card a nested list would read as more of the run's stops. */}
      {shortages.map((s) => (
        <p key={s.productId} className="mt-1">{`${s.name || 'A product'}: ${s.needed} needed, ${s.available} free`}</p>
      ))}
    </section>
  )
}
