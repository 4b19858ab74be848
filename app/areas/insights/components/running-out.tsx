// The dashboard's Monday question (issue 15): which properties will likely run out of something this week.
import { Link } from '@remix-run/react'
import { PackageSearch } from 'lucide-react'

export function RunningOut({ properties }: { properties: Array<{ id: string; name: string; products: number }> }) {
  if (properties.length === 0) return null
  const n = properties.length
  return (
    <details className="mb-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="running-out">
      <summary className="flex cursor-pointer items-center gap-2 font-medium">
        <PackageSearch className="h-4 w-4" aria-hidden="true" />
        {`${n} ${n === 1 ? 'property' : 'properties'} likely to run out this week`}
      </summary>
      <ul className="mt-2 space-y-1">
        {properties.map((p) => (
          <li key={p.id}>
            <Link to={`/properties?edit=${p.id}#reorder-suggestions`} className="font-medium underline hover:no-underline">
              {p.name}
            </Link>
            {`: ${p.products} ${p.products === 1 ? 'product' : 'products'} to reorder`}
          </li>
        ))}
      </ul>
    </details>
  )
}
