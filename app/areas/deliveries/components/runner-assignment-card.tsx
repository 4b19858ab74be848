// One delivery on the runner's portal (spec §2.17): what to take where, and every action as a plain
// form post, so it all works on a phone without JavaScript.
import { Form } from '@remix-run/react'
import { MapPin } from 'lucide-react'
import type { SerializeFrom } from '@remix-run/node'
import { RequesterDetailsList } from '~/areas/requests/components/requester-details'
import { formatDateTime } from '~/lib/format'
import type { AssignmentView } from '~/areas/deliveries/assignment.server'
import type { HandoverRule } from '~/areas/requests/handover.server'
import { DeliveryProofBox } from './delivery-proof-box'
import { DeliveryProofFields } from './delivery-proof-fields'
import { HandoverCodeField } from './handover-code-field'
import { NobodyThereForm } from './nobody-there-form'
import { assignmentStatusLabel, DeliveryStatusBadge } from './delivery-status-badge'
import { Button } from '~/ui/button'
import { Card, CardBody } from '~/ui/card'
import { stopAnchor, useFieldRefusal } from '~/areas/deliveries/stop-return'

export function RunnerAssignmentCard({
  assignment,
  action,
  timeZone,
  handover = 'required',
  stopLabel,
  choices = [assignment.status],
}: {
  assignment: SerializeFrom<AssignmentView>
  action: string
  timeZone: string
  /** What the request's handover code asks of the runner (issue 28). */
  handover?: HandoverRule
  /** "Stop 2 of 3" when the delivery is part of a run (issue 30). */
  stopLabel?: string
  /** The statuses the form offers: the current one and those the rules allow from it (issue 34). */
  choices?: string[]
}) {
  const a = assignment
  const codeRefused = useFieldRefusal(a.id, 'handoverCode')
  const property = a.request.property
  const open = a.status !== 'delivered' && a.status !== 'cancelled'
  const proofAllowed = (a.status === 'in_transit' || a.status === 'delivered') && !a.proof
  return (
    // Laid out in full from the start. With content-visibility: auto (tried for a sooner first paint)
    // each card below the fold stood at a guessed 24rem until the phone rendered it at its real
    // height, moving everything under it: the completed section shifted by 0.25 (issue 27), and each
    // late render was another long style-and-layout task.
    // The anchor a post returns to (issue 34); the margin keeps the card's top in sight.
    <Card id={stopAnchor(a.id)} aria-labelledby={`a-${a.id}`} className="scroll-mt-4">
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

        {a.status === 'assigned' || a.status === 'picked_up' ? (
          <Form method="post" action={action} data-queue-label={`Start delivery (order ${a.request.orderNumber})`}>
            <input type="hidden" name="intent" value="start" />
            <input type="hidden" name="assignmentId" value={a.id} />
            <Button type="submit" className="h-11 w-full">
              Start Delivery
            </Button>
          </Form>
        ) : null}

        {open ? (
          // One form, so a stop has one handover-code field: "Mark as Delivered" and "Update Status"
          // are its two buttons, each naming its intent (issue 34).
          <Form method="post" action={action} className="space-y-3" data-queue-label={`Status change (order ${a.request.orderNumber})`}>
            <input type="hidden" name="assignmentId" value={a.id} />
            {a.status === 'in_transit' ? (
              <div className="space-y-2 rounded-md border border-slate-200 p-3">
                <HandoverCodeField id={`handover-${a.id}`} rule={handover} error={codeRefused} />
                <Button type="submit" name="intent" value="deliver" className="h-11 w-full">
                  Mark as Delivered
                </Button>
              </div>
            ) : null}
            {/* Wraps on a narrow phone, so the select's text is never cut off. */}
            <div className="flex flex-wrap items-end gap-2">
              <div className="min-w-[11rem] flex-1">
                <label htmlFor={`status-${a.id}`} className="mb-1 block text-sm font-medium text-slate-700">
                  Status
                </label>
                <select
                  id={`status-${a.id}`}
                  name="status"
                  defaultValue={a.status}
                  className="block h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
                >
                  {choices.map((s) => (
                    <option key={s} value={s}>
                      {s === a.status ? `${assignmentStatusLabel(s)} (now)` : assignmentStatusLabel(s)}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" name="intent" value="status" variant="secondary" className="h-11 grow sm:grow-0">
                Update Status
              </Button>
            </div>
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
