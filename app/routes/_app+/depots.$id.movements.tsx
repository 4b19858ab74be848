// A depot's ledger (issue 37): every movement, newest first, with who made it, why and what it
// belongs to, on the organisation's clock; a page at a time, and all of it as CSV.
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Download } from 'lucide-react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { buttonClasses } from '~/ui/button'
import { Card, CardBody } from '~/ui/card'
import { formatDateTime } from '~/lib/format'
import { parseWith } from '~/lib/http.server'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { depotOrNotFound } from '~/areas/stock/depot-page.server'
import { listMovements } from '~/areas/stock/stock-movement.server'
import { MovementQuery } from '~/areas/stock/stock.schema'
import { DepotNav, REASON_LABELS } from '~/areas/stock/components/depot-nav'
import { DomainError } from '~/lib/errors'

export const contract: RouteContract = { kind: 'page', callers: ['manager'], methods: ['GET', 'HEAD'], permission: 'work' }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Ledger · ${data?.depot.name ?? 'Depot'} · Stockrun` }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const depot = await depotOrNotFound(manager.orgId, params.id!)
  const query = parseWith(MovementQuery.pick({ cursor: true }), Object.fromEntries(new URL(request.url).searchParams))
  const [timeZone, page] = await Promise.all([
    organisationTimeZone(manager.orgId),
    listMovements(manager.orgId, { depotId: depot.id, limit: 100, cursor: query.cursor }).catch((err) => {
      // A cursor from a ledger that moved on starts again from the newest.
      if (err instanceof DomainError) return listMovements(manager.orgId, { depotId: depot.id, limit: 100 })
      throw err
    }),
  ])
  return json({
    depot: { id: depot.id, name: depot.name },
    timeZone,
    movements: page.movements.map((m) => ({ ...m, at: formatDateTime(m.createdAt, timeZone) })),
    nextCursor: page.nextCursor,
  })
}

export default function LedgerPage() {
  const { depot, timeZone, movements, nextCursor } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader
        title={`Ledger of ${depot.name}`}
        description={`Every movement in or out, newest first (times in ${timeZone})`}
        action={
          <a href={`/api/stock/movements?depotId=${depot.id}&format=csv`} className={buttonClasses('secondary')} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            Download CSV
          </a>
        }
      />
      <DepotNav depotId={depot.id} />
      <Card>
        <CardBody className="overflow-x-auto" tabIndex={0} role="region" aria-label="Movements">
          {movements.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing has moved at this depot yet.</p>
          ) : (
            <table className="w-full text-left text-sm" id="movements-table">
              <caption className="sr-only">{`Movements at ${depot.name}`}</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">When</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Product</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">Change</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Reason</th>
                  <th scope="col" className="py-2 pr-3 font-medium">By</th>
                  <th scope="col" className="py-2 font-medium">Note</th>
                </tr>
              </thead>
              <tbody>
                {movements.map((m) => (
                  <tr key={m.id} className="border-b border-slate-100 last:border-0">
                    <td className="py-1.5 pr-3 whitespace-nowrap text-slate-600">{m.at}</td>
                    <th scope="row" className="py-1.5 pr-3 font-medium text-slate-900">{m.productName}</th>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{m.quantity > 0 ? `+${m.quantity}` : m.quantity}</td>
                    <td className="py-1.5 pr-3">{REASON_LABELS[m.reason] ?? m.reason}</td>
                    <td className="py-1.5 pr-3">{m.who ?? '—'}</td>
                    <td className="py-1.5 text-slate-600">{m.note ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {nextCursor ? (
            <Link to={`?cursor=${encodeURIComponent(nextCursor)}`} className="mt-3 inline-block text-sm text-brand-700 hover:underline">
              Older movements
            </Link>
          ) : null}
        </CardBody>
      </Card>
    </>
  )
}
