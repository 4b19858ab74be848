// One delivery on the runner's portal (spec §2.17): what to take where, and every action as a plain
// form post, so it all works on a phone without JavaScript.
import { Form } from '@remix-run/react'
import { MapPin } from 'lucide-react'
import type { SerializeFrom } from '@remix-run/node'
import { RequesterDetailsList } from './requester-details'
import { formatDateTime } from '~/lib/format'
import type { AssignmentView } from '~/models/assignment.server'
import type { HandoverRule } from '~/models/handover.server'
import { DeliveryProofBox } from './delivery-proof-box'
import { DeliveryProofFields } from './delivery-proof-fields'
import { HandoverCodeField } from './handover-code-field'
import { NobodyThereForm } from './nobody-there-form'
import { assignmentStatusLabel, DeliveryStatusBadge } from './delivery-status-badge'
import { Button } from './ui/button'
import { Card, CardBody } from './ui/card'

const STATUSES = ['assigned', 'picked_up', 'in_transit', 'delivered', 'cancelled'] as const

export function RunnerAssignmentCard({
  assignment,
  action,
  timeZone,
  handover = 'required',
  stopLabel,
}: {
  assignment: SerializeFrom<AssignmentView>
  action: string
  timeZone: string
  /** What the request's handover code asks of the runner (issue 28). */
  handover?: HandoverRule
  /** "Stop 2 of 3" when the delivery is part of a run (issue 30). */
  stopLabel?: string
}) {
  const a = assignment
  const property = a.request.property
  const open = a.status !== 'delivered' && a.status !== 'cancelled'
  const proofAllowed = (a.status === 'in_transit' || a.status === 'delivered') && !a.proof
  return (
    // Laid out in full from the start. With content-visibility: auto (tried for a sooner first paint)
    // each card below the fold stood at a guessed 24rem until the phone rendered it at its real
    // height, moving everything under it: the completed section shifted by 0.25 (issue 27), and each
    // late render was another long style-and-layout task.
    <Card aria-labelledby={`a-${a.id}`}>
      <CardBody className="space-y-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            {stopLabel ? <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">{stopLabel}</p> : null}
            <h3 id={`a-${a.id}`} className="text-base font-semibold text-slate-900">
              Order {a.request.orderNumber}
            </h3>
            <p className="text-sm text-slate-600">For {a.request.vendorName}</p>
            <p className="text-xs text-slate-500">
              Assigned <time dateTime={a.assignedAt}>{formatDateTime(a.assignedAt, timeZone)}</time>
              {a.deliveredAt ? (
                <>
                  {' · Delivered '}
                  <time dateTime={a.deliveredAt}>{formatDateTime(a.deliveredAt, timeZone)}</time>
                </>
              ) : null}
            </p>
          </div>
          <DeliveryStatusBadge status={a.status} />
        </div>

        <div className="text-sm">
          <p className="font-medium text-slate-900">{property?.name ?? 'No property'}</p>
          {property?.address ? (
            <p className="mt-0.5 flex items-start gap-1 text-slate-700">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="break-words">{property.address}</span>
            </p>
          ) : property ? (
            <p className="mt-0.5 text-slate-500">The address shows once you start the delivery.</p>
          ) : null}
        </div>

        <RequesterDetailsList details={a.request} timeZone={timeZone} photoAlt={`Requester’s photo for order ${a.request.orderNumber}`} />

        {a.request.requestedProducts.length ? (
          <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {a.request.requestedProducts.map((p, i) => (
              <li key={`${p.productId ?? p.name}-${i}`}>
                {p.name} × {p.quantity}
              </li>
            ))}
          </ul>
        ) : null}
        {a.notes ? <p className="whitespace-pre-wrap rounded-md bg-slate-50 p-2 text-sm text-slate-700">{a.notes}</p> : null}

        {a.status === 'assigned' ? (
          <Form method="post" action={action} data-queue-label={`Start delivery (order ${a.request.orderNumber})`}>
            <input type="hidden" name="intent" value="start" />
            <input type="hidden" name="assignmentId" value={a.id} />
            <Button type="submit" className="h-11 w-full">
              Start Delivery
            </Button>
          </Form>
        ) : null}

        {open ? (
          <Form method="post" action={action} className="flex items-end gap-2" data-queue-label={`Status change (order ${a.request.orderNumber})`}>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="assignmentId" value={a.id} />
            <div className="min-w-0 flex-1">
              <label htmlFor={`status-${a.id}`} className="mb-1 block text-sm font-medium text-slate-700">
                Status
              </label>
              <select
                id={`status-${a.id}`}
                name="status"
                defaultValue={a.status}
                className="block h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
              >
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {assignmentStatusLabel(s)}
                  </option>
                ))}
              </select>
              {/* "Delivered" from here asks for the code as the button below does (issue 28). */}
              {a.status === 'in_transit' && handover !== 'none' ? (
                <div className="mt-2">
                  <HandoverCodeField id={`status-code-${a.id}`} rule={handover} label="Vendor's code for Delivered" />
                </div>
              ) : null}
            </div>
            <Button type="submit" variant="secondary" className="h-11">
              Update Status
            </Button>
          </Form>
        ) : null}
        {a.status === 'in_transit' ? (
          // Its own form posts straight to delivered: no JavaScript needed to show the code field.
          <Form method="post" action={action} className="space-y-2 rounded-md border border-slate-200 p-3" data-queue-label={`Mark as delivered (order ${a.request.orderNumber})`}>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="assignmentId" value={a.id} />
            <input type="hidden" name="status" value="delivered" />
            <HandoverCodeField id={`handover-${a.id}`} rule={handover} />
            <Button type="submit" className="h-11 w-full">
              Mark as Delivered
            </Button>
          </Form>
        ) : null}
        {a.status === 'in_transit' && handover === 'required' ? <NobodyThereForm id={`nobody-${a.id}`} action={action} assignmentId={a.id} orderNumber={a.request.orderNumber} /> : null}

        {a.proof ? <DeliveryProofBox proof={a.proof} timeZone={timeZone} /> : null}
        {proofAllowed && a.status === 'delivered' ? (
          // Delivered already: the proof can still be added, folded away so the list stays short (issue 28).
          <details className="rounded-md border border-slate-200">
            <summary className="cursor-pointer p-3 text-sm font-medium text-brand-700">Add delivery proof</summary>
            {proofForm(a.id, a.request.orderNumber, action, 'border-t')}
          </details>
        ) : proofAllowed ? (
          proofForm(a.id, a.request.orderNumber, action, 'rounded-md border')
        ) : null}
      </CardBody>
    </Card>
  )
}

function proofForm(id: string, orderNumber: string, action: string, frame: string) {
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className={`space-y-3 border-slate-200 p-3 ${frame}`}
      data-queue-label={`Delivery proof (order ${orderNumber})`}
    >
      <h4 className="text-sm font-semibold text-slate-900">Submit Delivery Proof</h4>
      <input type="hidden" name="intent" value="proof" />
      <input type="hidden" name="assignmentId" value={id} />
      <DeliveryProofFields idPrefix={`proof-${id}`} />
      <Button type="submit" className="h-11 w-full">
        Submit Proof
      </Button>
    </Form>
  )
}
