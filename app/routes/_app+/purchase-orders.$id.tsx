// One purchase order (issue 37): its lines, editable while it is a draft; send (a confirmation that
// names the supplier and address), receive whole or in part (a plain form: each line's count, posted
// without JavaScript), cancel (a confirmation) and the PDF. Confirmations live in the URL (?confirm=).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { Button, ButtonLink } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { ConfirmDialog } from '~/ui/confirm-dialog'
import { Field, FieldErrors, SelectField, narrowInputClasses } from '~/ui/field'
import { formatDateTime } from '~/lib/format'
import { formatMoney } from '~/lib/money'
import { intentHandler } from '~/lib/intents'
import { redirectWithToast } from '~/lib/toast.server'
import { DomainError } from '~/lib/errors'
import { requireManager } from '~/areas/people/auth.server'
import { can, requirePermissionOnPage } from '~/areas/organisation/permissions'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { findPurchaseOrder } from '~/areas/purchasing/purchase-order.server'
import { listProducts } from '~/areas/catalogue/product.server'
import { PurchaseOrderStatusBadge } from '~/areas/purchasing/components/status-badge'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { PURCHASE_ORDER_INTENTS } from './purchase-orders.$id.server'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['lines', 'send', 'receive', 'cancel'],
  permission: 'work',
  intentPermissions: { lines: 'purchasing', send: 'purchasing', cancel: 'purchasing' },
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.order.number ?? 'Purchase order'} · Stockrun` }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const [order, timeZone] = await Promise.all([
    findPurchaseOrder(manager.orgId, params.id!).catch(async (err) => {
      // Another organisation's order answers as a missing one: a 404, never a redirect that says it exists.
      if (err instanceof DomainError) throw json({ error: 'Purchase order not found' }, { status: 404 })
      throw err
    }),
    organisationTimeZone(manager.orgId),
  ])
  const confirm = new URL(request.url).searchParams.get('confirm')
  const onOrder = new Set(order.lines.map((l) => l.productId))
  const addable =
    order.status === 'draft' && can(manager, 'purchasing')
      ? (await listProducts(manager.orgId, { activeOnly: true })).filter((p) => !onOrder.has(p.id)).map((p) => ({ id: p.id, name: p.name }))
      : []
  const when = (at: string | null) => (at ? formatDateTime(at, timeZone) : null)
  return json({
    order,
    dates: { created: when(order.createdAt), sent: when(order.sentAt), received: when(order.receivedAt), cancelled: when(order.cancelledAt) },
    mayManage: can(manager, 'purchasing'),
    addable,
    confirm: confirm === 'send' || confirm === 'cancel' ? confirm : null,
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = await request.formData()
  const intent = form.get('intent')
  const handler = intentHandler(PURCHASE_ORDER_INTENTS, intent)
  const here = `/purchase-orders/${params.id}`
  if (!handler) return redirectWithToast(here, { title: 'Unknown action', variant: 'error' })
  if (intent !== 'receive') requirePermissionOnPage(manager, 'purchasing')
  return handler({ orgId: manager.orgId, userId: manager.userId, id: params.id!, form, here })
}

type Errors = Record<string, string[] | null | undefined>

export default function PurchaseOrderPage() {
  const { order, dates, mayManage, addable, confirm } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const errors = (reply && 'result' in reply ? (reply.result.error ?? {}) : {}) as Errors
  const here = `/purchase-orders/${order.id}`
  const draft = order.status === 'draft'
  const receiving = order.status === 'sent' || order.status === 'partially_received'
  return (
    <div>
      <PageHeader
        title={order.number}
        description={`${order.supplier.name} → ${order.depot.name}`}
        action={
          <a href={`/api/purchase-orders/${order.id}/pdf`} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50" download>
            Download PDF
          </a>
        }
      />
      <Card className="mb-6">
        <CardBody className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
          <PurchaseOrderStatusBadge status={order.status} />
          <span>Created {dates.created}</span>
          {dates.sent ? <span>Sent {dates.sent}</span> : null}
          {dates.received ? <span>Received {dates.received}</span> : null}
          {dates.cancelled ? <span>Cancelled {dates.cancelled}</span> : null}
          <span className="font-semibold">Total {formatMoney(order.total)}</span>
        </CardBody>
      </Card>

      {errors.lines || errors.form ? <FieldErrors id="order-errors" errors={[...(errors.lines ?? []), ...(errors.form ?? [])]} /> : null}

      {draft && mayManage ? (
        <Card className="mb-6">
          <CardHeader title="Lines" description="Quantities and costs can change until the order is sent." />
          <Form method="post" noValidate key={order.lines.map((l) => `${l.quantity}x${l.unitCost}`).join(',')}>
            <input type="hidden" name="intent" value="lines" />
            {/* Enter in a field presses the form's first submit button: this one, not a line's Remove. */}
            <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
              Save lines
            </button>
            <LineTable
              order={order}
              cell={(l, i) => (
                <>
                  <td className="px-4 py-2 text-right">
                    <input type="hidden" name={`lines[${i}].productId`} value={l.productId} />
                    <label className="sr-only" htmlFor={`qty-${i}`}>Quantity of {l.name}</label>
                    <input id={`qty-${i}`} name={`lines[${i}].quantity`} type="number" min={1} inputMode="numeric" defaultValue={l.quantity} className={`${narrowInputClasses('w-24')} ml-auto`} />
                    <FieldErrors id={`qty-${i}-errors`} errors={errors[`lines[${i}].quantity`] ?? errors[`lines.${i}.quantity`]} />
                  </td>
                  <td className="px-4 py-2 text-right">
                    <label className="sr-only" htmlFor={`cost-${i}`}>Unit cost of {l.name}</label>
                    <input id={`cost-${i}`} name={`lines[${i}].unitCost`} type="number" min={0} step="0.01" inputMode="decimal" defaultValue={l.unitCost} className={`${narrowInputClasses('w-24')} ml-auto`} />
                    <FieldErrors id={`cost-${i}-errors`} errors={errors[`lines[${i}].unitCost`] ?? errors[`lines.${i}.unitCost`]} />
                  </td>
                  <td className="px-4 py-2 text-right">{formatMoney(l.amount)}</td>
                  <td className="px-4 py-2 text-right">
                    {order.lines.length > 1 ? (
                      <Button type="submit" name="remove" value={l.productId} variant="secondary" size="sm">
                        Remove<span className="sr-only"> {l.name}</span>
                      </Button>
                    ) : null}
                  </td>
                </>
              )}
              head={['Quantity', 'Unit cost', 'Amount', '']}
            />
            {addable.length ? (
              <fieldset className="flex flex-wrap items-end gap-3 border-t border-slate-100 px-4 py-3">
                <legend className="sr-only">Add a line</legend>
                <SelectField label="Add a product" name="add.productId" defaultValue="" className="w-64">
                  <option value="">Choose a product</option>
                  {addable.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </SelectField>
                <Field label="Quantity" name="add.quantity" type="number" min={1} inputMode="numeric" className="w-28" />
                <Field label="Unit cost" name="add.unitCost" type="number" min={0} step="0.01" inputMode="decimal" className="w-32" hint="Empty: the product's cost" />
              </fieldset>
            ) : null}
            <div className="flex flex-wrap gap-2 border-t border-slate-100 px-4 py-3">
              <Button type="submit" variant="secondary">
                Save lines
              </Button>
            </div>
          </Form>
        </Card>
      ) : receiving ? (
        <Card className="mb-6">
          <CardHeader title="Receive" description="Count what arrived against each line and record it; what is still to come stays on the order." />
          {/* Keyed by what has arrived, so after a receipt the fields show what is still to come, not what was typed. */}
          <Form method="post" noValidate key={order.lines.map((l) => l.received).join(',')}>
            <input type="hidden" name="intent" value="receive" />
            {/* A list, not a table: it is filled in standing at the shelf, on a phone 360 px wide. */}
            <ul className="divide-y divide-slate-100">
              {order.lines.map((l, i) => (
                <li key={l.productId} className="flex items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <label htmlFor={`arrived-${i}`} className="block font-medium text-slate-900">
                      <span className="sr-only">Arrived now of </span>
                      {l.name}
                    </label>
                    <p className="text-sm text-slate-600">
                      {l.received} of {l.quantity} received · {l.outstanding} to come
                    </p>
                    <FieldErrors id={`arrived-${i}-errors`} errors={errors[`lines[${i}].quantity`] ?? errors[`lines.${i}.quantity`]} />
                  </div>
                  <input type="hidden" name={`lines[${i}].productId`} value={l.productId} />
                  <input
                    id={`arrived-${i}`}
                    name={`lines[${i}].quantity`}
                    type="number"
                    min={0}
                    max={l.outstanding}
                    inputMode="numeric"
                    defaultValue={l.outstanding}
                    aria-describedby={errors[`lines[${i}].quantity`] ?? errors[`lines.${i}.quantity`] ? `arrived-${i}-errors` : undefined}
                    className={narrowInputClasses('w-20')}
                  />
                </li>
              ))}
            </ul>
            <div className="border-t border-slate-100 px-4 py-3">
              <Button type="submit">Record what arrived</Button>
            </div>
          </Form>
        </Card>
      ) : (
        <Card className="mb-6">
          <CardHeader title="Lines" />
          <LineTable
            order={order}
            head={['Ordered', 'Received', 'Unit cost', 'Amount']}
            cell={(l) => (
              <>
                <td className="px-4 py-2 text-right">{l.quantity}</td>
                <td className="px-4 py-2 text-right">{l.received}</td>
                <td className="px-4 py-2 text-right">{formatMoney(l.unitCost)}</td>
                <td className="px-4 py-2 text-right">{formatMoney(l.amount)}</td>
              </>
            )}
          />
        </Card>
      )}

      {mayManage && (draft || order.status === 'sent') ? (
        <div className="flex flex-wrap gap-2">
          {draft ? <ButtonLink to={`${here}?confirm=send`}>Send to supplier</ButtonLink> : null}
          <ButtonLink to={`${here}?confirm=cancel`} variant="secondary">
            Cancel order
          </ButtonLink>
        </div>
      ) : null}
      <p className="mt-6 text-sm">
        <Link to="/purchase-orders" className="font-medium text-brand-700 hover:underline">
          All purchase orders
        </Link>
      </p>

      {confirm === 'send' && draft ? (
        <ConfirmDialog
          title={`Send ${order.number}?`}
          description={order.supplier.email ? `It will be e-mailed with its PDF to ${order.supplier.name} at ${order.supplier.email}.` : `${order.supplier.name} has no e-mail address: add one on the Suppliers page first.`}
          closeTo={here}
          intent="send"
          confirmLabel="Send"
          pendingLabel="Sending..."
        />
      ) : null}
      {confirm === 'cancel' && (draft || order.status === 'sent') ? (
        <ConfirmDialog title={`Cancel ${order.number}?`} description={`${order.supplier.name} is not told by Stockrun; nothing on the order can be received after this.`} closeTo={here} intent="cancel" confirmLabel="Cancel order" pendingLabel="Cancelling..." />
      ) : null}
    </div>
  )
}

type LineView = ReturnType<typeof useLoaderData<typeof loader>>['order']['lines'][number]

function LineTable({ order, head, cell }: { order: { lines: LineView[] }; head: string[]; cell: (line: LineView, i: number) => React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">Product</th>
            {head.map((h, i) => (
              <th key={i} scope="col" className="px-4 py-3 text-right">
                {h || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {order.lines.map((l, i) => (
            <tr key={l.productId}>
              <td className="px-4 py-2 font-medium text-slate-900">{l.name}</td>
              {cell(l, i)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
