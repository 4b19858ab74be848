// The green "Delivery Proof Submitted" box: the photo, when and the runner's notes (spec §2.18).
import { CheckCircle2 } from 'lucide-react'
import { formatDateTime } from '~/lib/format'

export type ProofShown = {
  imageUrl: string
  thumbnailUrl: string | null
  notes: string | null
  submittedAt: string | Date
}

export function DeliveryProofBox({ proof, timeZone }: { proof: ProofShown; timeZone: string }) {
  return (
    <div className="rounded-lg border border-green-200 bg-green-50 p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-green-900">
        <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
        Delivery Proof Submitted
      </p>
      <a href={proof.imageUrl} target="_blank" rel="noreferrer" className="mt-3 block">
        <img src={proof.thumbnailUrl ?? proof.imageUrl} alt="Delivery proof" className="max-h-60 w-full rounded-md object-contain" />
      </a>
      <p className="mt-2 text-xs text-green-900">Submitted {formatDateTime(proof.submittedAt, timeZone)}</p>
      {proof.notes ? <p className="mt-1 whitespace-pre-wrap text-sm text-green-900">{proof.notes}</p> : null}
    </div>
  )
}
