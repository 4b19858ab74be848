// What to order for a depot (issue 37, decision 131), per supplier: each supplier's lines with why
// (available, reorder point and level, standing orders within the lead time, already on order) and a
// button that drafts the purchase order from them in one step. A plain GET form picks the depot.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { Button } from '~/ui/button'
import { Card, CardHeader } from '~/ui/card'
import { EmptyState } from '~/ui/empty-state'
import { SelectField } from '~/ui/field'
import { formatMoney } from '~/lib/money'
import { withErrorToast } from '~/lib/form-errors.server'
import { redirectWithToast } from '~/lib/toast.server'
import { writeTogether } from '~/lib/sql.server'
import { requireManager } from '~/areas/people/auth.server'
import { can, requirePermissionOnPage } from '~/areas/organisation/permissions'
import { firstDepotIn, listDepots } from '~/areas/stock/depot.server'
import { purchaseSuggestions, type SupplierSuggestion } from '~/areas/purchasing/purchase-suggestions.server'
import { createPurchaseOrder } from '~/areas/purchasing/purchase-order.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['draft', 'first-depot'],
  permission: 'work',
  intentPermissions: { draft: 'purchasing', 'first-depot': 'purchasing' },
}

export const meta: MetaFunction = () => [{ title: 'What to order · Stockrun' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const depots = await listDepots(manager.orgId)
  const asked = new URL(request.url).searchParams.get('depotId')
  const depot = depots.find((d) => d.id === asked) ?? depots[0] ?? null
  const suggestions: SupplierSuggestion[] = depot ? (await purchaseSuggestions(manager.orgId, depot.id)).suggestions : []
  return json({ depots, depot, suggestions, mayOrder: can(manager, 'purchasing') })
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  requirePermissionOnPage(manager, 'purchasing')
  const form = await request.formData()
  // An organisation from before depots (none was made for it yet) gets its first from the run settings.
  if (form.get('intent') === 'first-depot') {
    const depot = await writeTogether((sql) => firstDepotIn(sql, manager.orgId))
    return redirect(`/purchase-orders/suggestions?depotId=${depot.id}`)
  }
  const depotId = String(form.get('depotId') ?? '')
  const supplierId = String(form.get('supplierId') ?? '')
  const back = `/purchase-orders/suggestions?depotId=${encodeURIComponent(depotId)}`
  return withErrorToast(back, 'Purchase order not drafted', async () => {
    // Drafted from the suggestions as they are now, not as the page showed them a while ago.
    const { suggestions } = await purchaseSuggestions(manager.orgId, depotId)
    const group = suggestions.find((g) => g.supplier?.id === supplierId)
    if (!group) return redirectWithToast(back, { title: 'Nothing to order', description: 'Nothing from this supplier is at or below its reorder point any more.', variant: 'error' })
    const order = await createPurchaseOrder(manager.orgId, manager.userId, {
      supplierId,
      depotId,
      lines: group.lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitCost: l.unitCost })),
    })
    return redirectWithToast(`/purchase-orders/${order.id}`, { title: `${order.number} drafted`, description: 'Check the lines, then send it to the supplier.' })
  })
}

export default function Suggestions() {
  const { depots, depot, suggestions, mayOrder } = useLoaderData<typeof loader>()
  return (
    <div>
      <PageHeader title="What to order" description="Products at or below their reorder point, with enough to bring them back to their reorder level by the time the supplier delivers." />
      {!depot ? (
        <EmptyState
          title="No depot yet"
          action={
            mayOrder ? (
              <Form method="post">
                <input type="hidden" name="intent" value="first-depot" />
                <Button type="submit">Set up the main depot</Button>
              </Form>
            ) : null
          }
        >
          Stock is kept at a depot: the main one takes the depot address from the run settings.
        </EmptyState>
      ) : (
        <>
          <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
            <SelectField label="Depot" name="depotId" defaultValue={depot.id} className="w-64">
              {depots.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </SelectField>
            <Button type="submit" variant="secondary">
              Show
            </Button>
          </Form>
          {suggestions.length === 0 ? (
            <EmptyState title={`Nothing to order for ${depot.name}`}>Every product with a reorder point has more available than its reorder point, or enough already on order.</EmptyState>
          ) : (
            <div className="space-y-6">
              {suggestions.map((group) => (
                <Card key={group.supplier?.id ?? 'none'}>
                  <CardHeader
                    title={group.supplier ? group.supplier.name : 'No supplier'}
                    description={
                      group.supplier
                        ? `Lead time ${group.supplier.leadTimeDays === 1 ? '1 day' : `${group.supplier.leadTimeDays} days`} · ${formatMoney(group.total)}`
                        : 'Choose a supplier for these products on the Products page to order them.'
                    }
                    action={
                      group.supplier && mayOrder ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="draft" />
                          <input type="hidden" name="depotId" value={depot.id} />
                          <input type="hidden" name="supplierId" value={group.supplier.id} />
                          <Button type="submit">
                            Draft purchase order<span className="sr-only"> from {group.supplier.name}</span>
                          </Button>
                        </Form>
                      ) : null
                    }
                  />
                  <div className="overflow-x-auto">
                    <table className="min-w-full divide-y divide-slate-200 text-sm">
                      <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
                        <tr>
                          <th scope="col" className="px-4 py-3">Product</th>
                          <th scope="col" className="px-4 py-3 text-right">Available</th>
                          <th scope="col" className="px-4 py-3 text-right">Reorder point</th>
                          <th scope="col" className="px-4 py-3 text-right">Reorder level</th>
                          <th scope="col" className="px-4 py-3 text-right">Standing orders</th>
                          <th scope="col" className="px-4 py-3 text-right">On order</th>
                          <th scope="col" className="px-4 py-3 text-right">Order</th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-slate-100">
                        {group.lines.map((l) => (
                          <tr key={l.productId}>
                            <td className="px-4 py-3 font-medium text-slate-900">{l.name}</td>
                            <td className="px-4 py-3 text-right">{l.available}</td>
                            <td className="px-4 py-3 text-right">{l.reorderPoint}</td>
                            <td className="px-4 py-3 text-right">{l.reorderPoint + l.reorderQuantity}</td>
                            <td className="px-4 py-3 text-right">{l.standingOrders}</td>
                            <td className="px-4 py-3 text-right">{l.onOrder}</td>
                            <td className="px-4 py-3 text-right font-semibold" data-testid="suggested-quantity">
                              {l.quantity}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </Card>
              ))}
            </div>
          )}
          <p className="mt-6 text-sm text-slate-600">
            <Link to="/purchase-orders" className="font-medium text-brand-700 hover:underline">
              All purchase orders
            </Link>
          </p>
        </>
      )}
    </div>
  )
}
