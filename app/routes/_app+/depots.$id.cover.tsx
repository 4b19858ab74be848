// Days of cover at a depot (issue 37, item 8): how long each product will last at the pace of the last
// 30 days' deliveries, fewest days first, so what runs out soonest is read first.
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { Badge } from '~/ui/badge'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { formatDate } from '~/lib/format'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { depotOrNotFound } from '~/areas/stock/depot-page.server'
import { daysOfCover } from '~/areas/stock/stock-report.server'
import { DepotNav } from '~/areas/stock/components/depot-nav'

export const contract: RouteContract = { kind: 'page', callers: ['manager'], methods: ['GET', 'HEAD'], permission: 'work' }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Days of cover · ${data?.depot.name ?? 'Depot'} · Stockrun` }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const depot = await depotOrNotFound(manager.orgId, params.id!)
  const [timeZone, cover] = await Promise.all([organisationTimeZone(manager.orgId), daysOfCover(manager.orgId, depot.id)])
  return json({ depot: { id: depot.id, name: depot.name }, since: formatDate(cover.since, timeZone), lines: cover.lines })
}

export default function CoverPage() {
  const { depot, since, lines } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={`Days of cover at ${depot.name}`} description={`On hand against what went out for deliveries since ${since}`} />
      <DepotNav depotId={depot.id} />
      <Card>
        <CardHeader title="Days of cover" description="On hand ÷ the average a day delivered over the last 30 days. No figure: nothing was delivered." />
        <CardBody className="overflow-x-auto" tabIndex={0} role="region" aria-label="Days of cover table">
          {lines.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing on hand and nothing delivered in the last 30 days.</p>
          ) : (
            <table className="w-full text-left text-sm" id="cover-table">
              <caption className="sr-only">{`Days of cover at ${depot.name}`}</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">Product</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">On hand</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">Delivered in 30 days</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">A day</th>
                  <th scope="col" className="py-2 text-right font-medium">Days of cover</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={l.productId} className="border-b border-slate-100 last:border-0">
                    <th scope="row" className="py-1.5 pr-3 font-medium text-slate-900">{l.name}</th>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{l.onHand}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{l.delivered}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{l.perDay}</td>
                    <td className="py-1.5 text-right tabular-nums">
                      {l.days === null ? '—' : l.days < 7 ? <Badge tone={l.days === 0 ? 'red' : 'yellow'}>{`${l.days} days`}</Badge> : l.days}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardBody>
      </Card>
    </>
  )
}
