// Stock (issue 37): the organisation's depots, what each holds and what that stock is worth (on hand ×
// each product's unit cost). Owners and admins add depots here; each depot opens its stock list, its
// count, its ledger and its days of cover. A plain form post, so it works without JavaScript.
import { parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { Button } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { Field } from '~/ui/field'
import { formatMoney } from '~/lib/money'
import { redirectWithToast } from '~/lib/toast.server'
import { permissionsOf, requirePermissionOnPage } from '~/areas/organisation/permissions'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { createDepot, listDepots } from '~/areas/stock/depot.server'
import { stockValueByDepot } from '~/areas/stock/stock-report.server'
import { DepotInput } from '~/areas/stock/stock.schema'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['add'],
  permission: 'work',
  intentPermissions: { add: 'stock' },
}

export const meta: MetaFunction = () => [{ title: 'Stock · Stockrun' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const [depots, values] = await Promise.all([listDepots(manager.orgId), stockValueByDepot(manager.orgId)])
  const valueOf = new Map(values.map((v) => [v.depotId, v]))
  return json({
    may: permissionsOf(manager),
    depots: depots.map((d) => ({ id: d.id, name: d.name, address: d.address, units: valueOf.get(d.id)?.units ?? 0, value: valueOf.get(d.id)?.value ?? 0, unpriced: valueOf.get(d.id)?.unpriced ?? 0 })),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = await request.formData()
  if (form.get('intent') !== 'add') return redirectWithToast('/depots', { title: 'Error', description: 'Unknown action', variant: 'error' })
  requirePermissionOnPage(manager, 'stock')
  const submission = parseWithZod(form, { schema: DepotInput })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const depot = await createDepot(manager.orgId, submission.value)
  return redirectWithToast(`/depots/${depot.id}`, { title: 'Depot Added', description: `${depot.name} is ready for stock.` })
}

export default function DepotsPage() {
  const { may, depots } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const errors = actionData && 'result' in actionData ? (actionData.result.error ?? {}) : {}
  const total = depots.reduce((sum, d) => sum + d.value, 0)
  return (
    <>
      <PageHeader title="Stock" description="What your depots hold, what it is worth, and where to count it" />
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader title="Depots" description="Stock value is on hand × each product’s unit cost." />
          <CardBody className="overflow-x-auto">
            <table className="w-full text-left text-sm" id="depots-table">
              <caption className="sr-only">Depots and their stock value</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">Depot</th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">Units on hand</th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">Stock value</th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Open</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {depots.map((d) => (
                  <tr key={d.id} className="border-b border-slate-100 last:border-0">
                    <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                      <Link to={`/depots/${d.id}`} className="text-brand-700 hover:underline">
                        {d.name}
                      </Link>
                      {d.address ? <span className="block text-xs font-normal text-slate-500">{d.address}</span> : null}
                    </th>
                    <td className="py-2 pr-4 text-right tabular-nums">{d.units}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">
                      {formatMoney(d.value)}
                      {d.unpriced > 0 ? <span className="block text-xs text-slate-500">{`${d.unpriced} product${d.unpriced === 1 ? '' : 's'} without a unit cost`}</span> : null}
                    </td>
                    <td className="py-2 text-right whitespace-nowrap">
                      <Link to={`/depots/${d.id}/count`} className="text-brand-700 hover:underline">
                        Count<span className="sr-only">{` at ${d.name}`}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="pt-2 pr-4 text-left">Total</th>
                  <td className="pt-2 pr-4 text-right tabular-nums">{depots.reduce((sum, d) => sum + d.units, 0)}</td>
                  <td className="pt-2 pr-4 text-right font-semibold tabular-nums">{formatMoney(total)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </CardBody>
        </Card>
        {may.stock ? (
          <Card>
            <CardHeader title="Add a depot" description="Another place you keep stock and start runs from." />
            <CardBody>
              <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
                <input type="hidden" name="intent" value="add" />
                <Field label="Name" name="name" required maxLength={80} errors={errors.name} />
                <Field label="Address" name="address" maxLength={200} errors={errors.address} />
                <Button type="submit">Add depot</Button>
              </Form>
            </CardBody>
          </Card>
        ) : null}
      </div>
    </>
  )
}
