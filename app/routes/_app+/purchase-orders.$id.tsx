// One purchase order (issue 37): its lines, editable while it is a draft; send (a confirmation that
// names the supplier and address), receive whole or in part (a plain form: each line's count, posted
// without JavaScript), cancel (a confirmation) and the PDF. Confirmations live in the URL (?confirm=).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { Button, ButtonLink } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { ConfirmDialog } from '~/ui/confirm-dialog'
import { FieldErrors, narrowInputClasses } from '~/ui/field'
import { formatDateTime } from '~/lib/format'
import { formatMoney } from '~/lib/money'
import { intentHandler } from '~/lib/intents'
import { withErrorToast } from '~/lib/form-errors.server'
import { redirectWithToast } from '~/lib/toast.server'
import { DomainError } from '~/lib/errors'
import { requireManager } from '~/areas/people/auth.server'
import { can, requirePermissionOnPage } from '~/areas/organisation/permissions'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { PurchaseOrderLinesInput, ReceiveInput } from '~/areas/purchasing/purchase-order.schema'
import { cancelPurchaseOrder, findPurchaseOrder, receivePurchaseOrder, replaceDraftLines } from '~/areas/purchasing/purchase-order.server'
import { sendPurchaseOrder } from '~/areas/purchasing/purchase-order-document.server'
import { PurchaseOrderStatusBadge } from '~/areas/purchasing/components/status-badge'
import type { RouteContract } from '~/areas/organisation/route-contract'

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
  const when = (at: string | null) => (at ? formatDateTime(at, timeZone) : null)
  return json({
    order,
    dates: { created: when(order.createdAt), sent: when(order.sentAt), received: when(order.receivedAt), cancelled: when(order.cancelledAt) },
    mayManage: can(manager, 'purchasing'),
    confirm: confirm === 'send' || confirm === 'cancel' ? confirm : null,
  })
}

type Post = { orgId: string; userId: string; id: string; form: FormData; here: string }

const INTENTS = {
  lines: async ({ orgId, id, form, here }: Post) => {
    const submission = parseWithZod(form, { schema: PurchaseOrderLinesInput })
    if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
    return withErrorToast(here, 'Lines not saved', async () => {
      await replaceDraftLines(orgId, id, submission.value.lines)
      return redirectWithToast(here, { title: 'Lines saved' })
    })
  },
  send: async ({ orgId, id, here }: Post) =>
    withErrorToast(here, 'Not sent', async () => {
      try {
        const sent = await sendPurchaseOrder(orgId, id)
        return redirectWithToast(here, { title: `${sent.purchaseOrder.number} sent`, description: sent.delivery === 'outbox' ? 'The e-mail went to the outbox.' : `E-mailed to ${sent.to}.` })
      } catch (err) {
        if (err instanceof DomainError) throw err
        return redirectWithToast(here, { title: 'Not sent', description: `The e-mail could not be sent: ${err instanceof Error ? err.message : String(err)}`, variant: 'error' })
      }
    }),
  receive: async ({ orgId, userId, id, form, here }: Post) => {
    const submission = parseWithZod(form, { schema: ReceiveInput })
    if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
    try {
      const order = await receivePurchaseOrder(orgId, userId, id, submission.value.lines)
      return redirectWithToast(here, { title: order.status === 'received' ? `${order.number} received in full` : `Received on ${order.number}`, description: 'On hand at the depot has gone up by what arrived.' })
    } catch (err) {
      if (err instanceof DomainError && 'fieldErrors' in err) return json({ result: submission.reply({ fieldErrors: err.fieldErrors as Record<string, string[]> }) }, { status: 400 })
      return withErrorToast(here, 'Not received', async () => {
        throw err
      })
    }
  },
  cancel: async ({ orgId, id, here }: Post) =>
    withErrorToast(here, 'Not cancelled', async () => {
      const order = await cancelPurchaseOrder(orgId, id)
      return redirectWithToast(here, { title: `${order.number} cancelled` })
    }),
}

export async function action({ request, params }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = await request.formData()
  const intent = form.get('intent')
  const handler = intentHandler(INTENTS, intent)
  const here = `/purchase-orders/${params.id}`
  if (!handler) return redirectWithToast(here, { title: 'Unknown action', variant: 'error' })
  if (intent !== 'receive') requirePermissionOnPage(manager, 'purchasing')
  return handler({ orgId: manager.orgId, userId: manager.userId, id: params.id!, form, here })
}

type Errors = Record<string, string[] | null | undefined>

export default function PurchaseOrderPage() {
  const { order, dates, mayManage, confirm } = useLoaderData<typeof loader>()
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
            <LineTable
              order={order}
              cell={(l, i) => (
                <>
                  <td className="px-4 py-2 text-right">
                    <input type="hidden" name={`lines[${i}].productId`} value={l.productId} />
                    <label className="sr-only" htmlFor={`qty-${i}`}>Quantity of {l.name}</label>
                    <input id={`qty-${i}`} name={`lines[${i}].quantity`} type="number" min={1} inputMode="numeric" defaultValue={l.quantity} className={narrowInputClasses('w-24')} />
                    <FieldErrors id={`qty-${i}-errors`} errors={errors[`lines[${i}].quantity`] ?? errors[`lines.${i}.quantity`]} />
                  </td>
                  <td className="px-4 py-2 text-right">
                    <label className="sr-only" htmlFor={`cost-${i}`}>Unit cost of {l.name}</label>
                    <input id={`cost-${i}`} name={`lines[${i}].unitCost`} type="number" min={0} step="0.01" inputMode="decimal" defaultValue={l.unitCost} className={narrowInputClasses('w-24')} />
                    <FieldErrors id={`cost-${i}-errors`} errors={errors[`lines[${i}].unitCost`] ?? errors[`lines.${i}.unitCost`]} />
                  </td>
                  <td className="px-4 py-2 text-right">{formatMoney(l.amount)}</td>
                </>
              )}
              head={['Quantity', 'Unit cost', 'Amount']}
            />
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
            <LineTable
              order={order}
              head={['Ordered', 'Received', 'Arrived now']}
              cell={(l, i) => (
                <>
                  <td className="px-4 py-2 text-right">{l.quantity}</td>
                  <td className="px-4 py-2 text-right">{l.received}</td>
                  <td className="px-4 py-2 text-right">
                    <input type="hidden" name={`lines[${i}].productId`} value={l.productId} />
                    <label className="sr-only" htmlFor={`arrived-${i}`}>Arrived now of {l.name}</label>
                    <input id={`arrived-${i}`} name={`lines[${i}].quantity`} type="number" min={0} max={l.outstanding} inputMode="numeric" defaultValue={l.outstanding} className={narrowInputClasses('w-24')} />
                    <FieldErrors id={`arrived-${i}-errors`} errors={errors[`lines[${i}].quantity`] ?? errors[`lines.${i}.quantity`]} />
                  </td>
                </>
              )}
            />
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
            {head.map((h) => (
              <th key={h} scope="col" className="px-4 py-3 text-right">
                {h}
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
