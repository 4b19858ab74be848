// The delivery order behind a shareable link (spec §2.18): where to go, what to bring, and the two
// moves a link offers (assigned → in transit → delivered) plus the proof, all as plain form posts so
// it works without JavaScript; the proof dialog lives in the URL (?dialog=proof).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation, useNavigation, useSearchParams } from '@remix-run/react'
import { DeliveryAccessDenied } from '~/areas/deliveries/components/delivery-access-denied'
import { DeliveryOrderCards } from '~/areas/deliveries/components/delivery-order-cards'
import { DeliveryProofBox } from '~/areas/deliveries/components/delivery-proof-box'
import { DeliveryProofFields } from '~/areas/deliveries/components/delivery-proof-fields'
import { DeliveryStatusBadge } from '~/areas/deliveries/components/delivery-status-badge'
import { HandoverCodeField } from '~/areas/deliveries/components/handover-code-field'
import { NobodyThereForm } from '~/areas/deliveries/components/nobody-there-form'
import { OfflineQueueStatus } from '~/areas/deliveries/components/offline-queue-status'
import { Button, buttonClasses } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { Dialog } from '~/ui/dialog'
import { NotFound, Unauthorized } from '~/lib/errors'
import { actAtStop } from '~/areas/deliveries/stop-actions.server'
import { deliveryOrder, openAssignment } from '~/areas/deliveries/assignment.server'
import { runnerRunView } from '~/areas/deliveries/run-view.server'
import { stopAnchor, useFieldRefusal } from '~/areas/deliveries/stop-return'
import { runProgressOfAssignment } from '~/areas/deliveries/run-estimate.server'
import { RunStops } from '~/areas/deliveries/components/run-stops'
import { handoverRules } from '~/areas/requests/handover.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['runner-token', 'delivery-token'], methods: ['GET', 'HEAD', 'POST'], intents: ['status', 'proof'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.ok ? `Order ${data.order.request.orderNumber} · Stockrun` : 'Delivery · Stockrun',
  },
  { name: 'robots', content: 'noindex' },
]

/** Painted from one HTML answer on a slow phone, enhanced without React (decision 040). */
export const handle = { hydrate: false }

const PRIVATE = {
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
}

/** The link flavour's one button per status (spec §2.18). */
const NEXT: Record<string, { status: string; label: string } | undefined> = {
  assigned: { status: 'in_transit', label: 'Mark as In Transit' },
  in_transit: { status: 'delivered', label: 'Mark as Delivered' },
}

export async function loader({ params }: LoaderFunctionArgs) {
  try {
    const access = await openAssignment(params.assignmentId!, params.token)
    const order = deliveryOrder(access)
    const orgId = access.assignment.organisationId
    const [timeZone, rule, inRun] = await Promise.all([
      organisationTimeZone(orgId),
      handoverRules(orgId, [access.assignment.requestId]),
      runProgressOfAssignment(orgId, access.assignment.id),
    ])
    const run = inRun ? (({ stopOf: _s, ...view }) => view)(runnerRunView(inRun.run, { here: access.assignment.id, reveal: true })) : null
    return json({ ok: true as const, order, timeZone, handover: rule(access.assignment.requestId), run }, { headers: PRIVATE })
  } catch (err) {
    if (err instanceof Unauthorized) return json({ ok: false as const, error: 'Invalid authentication token' }, { status: 401, headers: PRIVATE })
    if (err instanceof NotFound) return json({ ok: false as const, error: 'Order not found' }, { status: 404, headers: PRIVATE })
    console.error(err)
    return json({ ok: false as const, error: 'Failed to fetch order details' }, { status: 500, headers: PRIVATE })
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actAtStop(request, {
    token: params.token,
    assignmentId: params.assignmentId!,
    admit: () => openAssignment(params.assignmentId!, params.token),
    // The link's buttons post `status`; whatever else is posted is read as a status change.
    offers: ['status', 'nobody-there', 'proof'],
    otherwise: 'status',
    statusSaid: (status) => (status === 'delivered' ? 'Marked as delivered.' : 'Marked as in transit.'),
    proofRetry: `${new URL(request.url).pathname}?dialog=proof`,
  })
}

export default function DeliveryOrderPage() {
  const data = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const codeRefused = useFieldRefusal(data.ok ? data.order.assignment.id : '', 'handoverCode')
  if (!data.ok) return <DeliveryAccessDenied message={data.error} />
  const { order } = data
  const proof = 'deliveryProof' in order ? order.deliveryProof : null
  const next = NEXT[order.assignment.status]
  const canProve = order.assignment.status === 'in_transit' && !proof
  const submitting = navigation.state === 'submitting'

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl flex-wrap items-start justify-between gap-2 px-4 py-4">
          <div>
            <h1 className="text-xl font-semibold text-slate-900">{`Order ${order.request.orderNumber}`}</h1>
            <p className="text-sm text-slate-600">{`Assigned to ${order.runner.name}`}</p>
          </div>
          <DeliveryStatusBadge status={order.assignment.status} />
        </div>
      </header>
      {/* Room below the last card: without JavaScript a toast stays over the bottom of the screen. */}
      <main className="mx-auto max-w-3xl space-y-4 px-4 pb-40 pt-6">
        <OfflineQueueStatus />
        {data.run ? <RunStops title="This Run" stops={data.run.stops} totalKm={data.run.totalKm} navigateUrl={data.run.navigateUrl} /> : null}
        <DeliveryOrderCards order={order} timeZone={data.timeZone} />
        <Card id={stopAnchor(order.assignment.id)} className="scroll-mt-4">
          <CardHeader title="Actions" />
          <CardBody className="space-y-3">
            {next ? (
              <Form method="post" action={pathname} data-queue-label={`${next.label} (order ${order.request.orderNumber})`}>
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="status" value={next.status} />
                {next.status === 'delivered' ? <HandoverCodeField id="delivery-handover-code" rule={data.handover} error={codeRefused} /> : null}
                <Button type="submit" className="h-11 w-full" disabled={submitting}>
                  {next.label}
                </Button>
              </Form>
            ) : null}
            {order.assignment.status === 'in_transit' && data.handover === 'required' ? (
              <NobodyThereForm id="delivery-nobody" action={pathname} orderNumber={order.request.orderNumber} />
            ) : null}
            {canProve ? (
              <Link to="?dialog=proof" preventScrollReset className={buttonClasses('secondary', 'md', 'h-11 w-full')}>
                Submit Delivery Proof
              </Link>
            ) : null}
            {proof ? <DeliveryProofBox proof={proof} timeZone={data.timeZone} /> : null}
            {!next && !canProve && !proof ? <p className="text-sm text-slate-600">Nothing left to do for this delivery.</p> : null}
          </CardBody>
        </Card>
      </main>

      {canProve && params.get('dialog') === 'proof' ? (
        <Dialog title="Submit Delivery Proof" description="Provide proof of delivery for this assignment" closeTo={pathname}>
          <Form
            method="post"
            action={pathname}
            encType="multipart/form-data"
            className="space-y-4"
            data-queue-label={`Delivery proof (order ${order.request.orderNumber})`}
          >
            <input type="hidden" name="intent" value="proof" />
            <DeliveryProofFields idPrefix="delivery-proof" />
            <div className="flex justify-end gap-2">
              <Link to={pathname} replace className={buttonClasses('secondary')}>
                Cancel
              </Link>
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Submitting...' : 'Submit Proof'}
              </Button>
            </div>
          </Form>
        </Dialog>
      ) : null}
    </div>
  )
}
