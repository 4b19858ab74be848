// A request's details (spec §2.9): where, who, what, how its status moved, and the runner's photo
// once a delivery proof exists.
import { formatDateTime } from '~/lib/format'
import { RequestStatusBadge, STATUS_LABELS, isRequestStatus } from './request-summary'
import { buttonClasses } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { ProofDetails, type ProofFacts } from './proof-details'
import { RequesterDetailsList, type RequesterDetails } from './requester-details'

type DetailsRequest = {
  id: string
  orderNumber: string
  status: string
  vendorName: string
  notes: string | null
  createdAt: string
  requestedProducts: ReadonlyArray<{ name: string; quantity: number }>
  property: { name: string; address: string } | null
} & RequesterDetails

type Proof = { imageUrl: string; thumbnailUrl: string | null; notes: string | null; submittedAt: string } & ProofFacts

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  )
}

export function RequestDetailsDialog({
  closeTo,
  request,
  history,
  proof,
  timeZone,
}: {
  closeTo: string
  timeZone: string
  request: DetailsRequest
  history: ReadonlyArray<{ status: string; note: string | null; createdAt: string }>
  proof: Proof | null
}) {
  const when = (date: string) => formatDateTime(date, timeZone)
  return (
    <Dialog title={`Request ${request.orderNumber}`} description="Details, status history and delivery proof" closeTo={closeTo} wide>
      <dl className="divide-y divide-slate-100">
        <Row label="Status">
          <RequestStatusBadge status={request.status} />
        </Row>
        <Row label="Property">
          {request.property ? (
            <>
              <span className="font-medium">{request.property.name}</span>
              <span className="block text-slate-600">{request.property.address}</span>
            </>
          ) : (
            'Unknown'
          )}
        </Row>
        <Row label="Vendor">{request.vendorName}</Row>
        <Row label="Requested">{when(request.createdAt)}</Row>
        {request.notes ? <Row label="Notes">{request.notes}</Row> : null}
      </dl>
      <RequesterDetailsList details={request} timeZone={timeZone} photoAlt="Requester’s photo" />

      <h3 className="mt-4 text-sm font-semibold text-slate-900">Items ({request.requestedProducts.length})</h3>
      <ul className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
        {request.requestedProducts.map((p, i) => (
          <li key={i} className="flex justify-between gap-3 px-3 py-2">
            <span>{p.name}</span>
            <span className="tabular-nums text-slate-600">× {p.quantity}</span>
          </li>
        ))}
      </ul>

      <h3 className="mt-4 text-sm font-semibold text-slate-900">Status history</h3>
      <ol className="mt-1 space-y-1 text-sm">
        {history.map((h, i) => (
          <li key={i} className="flex flex-wrap justify-between gap-x-3 text-slate-700">
            <span>{isRequestStatus(h.status) ? STATUS_LABELS[h.status] : h.status}{h.note ? ` — ${h.note}` : ''}</span>
            <span className="text-slate-500">{when(h.createdAt)}</span>
          </li>
        ))}
      </ol>

      <section className="mt-4" data-testid="delivery-proof" aria-labelledby="proof-heading">
        <h3 id="proof-heading" className="text-sm font-semibold text-slate-900">
          Delivery proof
        </h3>
        {proof ? (
          <div className="mt-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm">
            <a href={proof.imageUrl} target="_blank" rel="noreferrer">
              <img src={proof.thumbnailUrl ?? proof.imageUrl} alt={`Delivery photo for ${request.orderNumber}`} className="max-h-64 rounded border border-green-200" />
            </a>
            <p className="mt-2 text-green-900">Submitted {when(proof.submittedAt)}</p>
            {proof.notes ? <p className="text-green-900">{proof.notes}</p> : null}
            <ProofDetails proof={proof} when={when} orderNumber={request.orderNumber} />
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-600">No delivery proof yet.</p>
        )}
      </section>

      <div className="mt-5 flex justify-end">
        <a href={`/api/requests/${request.id}/pdf`} download className={buttonClasses('secondary')}>
          Download PDF
        </a>
      </div>
    </Dialog>
  )
}
