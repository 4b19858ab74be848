// Purchase orders (issue 37): every order with its status, newest first, and the way to the
// suggestions that draft one.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Lightbulb } from 'lucide-react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { ButtonLink } from '~/ui/button'
import { Card } from '~/ui/card'
import { EmptyState } from '~/ui/empty-state'
import { formatDate } from '~/lib/format'
import { formatMoney } from '~/lib/money'
import { requireManager } from '~/areas/people/auth.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { listPurchaseOrders } from '~/areas/purchasing/purchase-order.server'
import { PurchaseOrderStatusBadge } from '~/areas/purchasing/components/status-badge'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['manager'], methods: ['GET', 'HEAD'], permission: 'work' }

export const meta: MetaFunction = () => [{ title: 'Purchase orders · Stockrun' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const [orders, timeZone] = await Promise.all([listPurchaseOrders(manager.orgId), organisationTimeZone(manager.orgId)])
  return json({ orders: orders.map((o) => ({ ...o, created: formatDate(o.createdAt, timeZone) })) })
}

export default function PurchaseOrders() {
  const { orders } = useLoaderData<typeof loader>()
  return (
    <div>
      <PageHeader
        title="Purchase orders"
        description="What you have ordered from suppliers, and what has arrived."
        action={
          <ButtonLink to="/purchase-orders/suggestions">
            <Lightbulb className="h-4 w-4" aria-hidden="true" /> What to order
          </ButtonLink>
        }
      />
      {orders.length === 0 ? (
        <EmptyState title="No purchase orders yet">See what to order for a depot, and draft an order from it in one step.</EmptyState>
      ) : (
        <Card>
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">Order</th>
                  <th scope="col" className="px-4 py-3">Supplier</th>
                  <th scope="col" className="px-4 py-3">Depot</th>
                  <th scope="col" className="px-4 py-3">Status</th>
                  <th scope="col" className="px-4 py-3">Created</th>
                  <th scope="col" className="px-4 py-3 text-right">Total</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {orders.map((o) => (
                  <tr key={o.id}>
                    <td className="px-4 py-3">
                      <Link to={`/purchase-orders/${o.id}`} className="font-medium text-brand-700 hover:underline">
                        {o.number}
                      </Link>
                    </td>
                    <td className="px-4 py-3">{o.supplierName}</td>
                    <td className="px-4 py-3">{o.depotName}</td>
                    <td className="px-4 py-3">
                      <PurchaseOrderStatusBadge status={o.status} />
                    </td>
                    <td className="px-4 py-3">{o.created}</td>
                    <td className="px-4 py-3 text-right">{formatMoney(o.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </div>
  )
}
