// What a runner's proof says beyond the photo: who took it, their signature, when and where it was
// taken, and whether the vendor's handover code was given.
export type ProofFacts = {
  receivedBy?: string | null
  signatureUrl?: string | null
  capturedAt?: string | null
  latitude?: number | null
  longitude?: number | null
  handoverConfirmedAt?: string | null
  deliveredWithoutCodeAt?: string | null
}

function handoverText(proof: ProofFacts, when: (date: string) => string) {
  if (proof.handoverConfirmedAt) return `Confirmed ${when(proof.handoverConfirmedAt)}`
  if (proof.deliveredWithoutCodeAt) return `Delivered without code ${when(proof.deliveredWithoutCodeAt)}: nobody to take it`
  return 'Not given'
}

export function ProofDetails({ proof, when, orderNumber }: { proof: ProofFacts; when: (date: string) => string; orderNumber: string }) {
  const located = proof.latitude != null && proof.longitude != null
  return (
    <dl className="mt-2 space-y-1 text-green-900" data-testid="proof-details">
      {proof.receivedBy ? <Fact label="Received by">{proof.receivedBy}</Fact> : null}
      {proof.capturedAt ? <Fact label="Taken">{when(proof.capturedAt)}</Fact> : null}
      {located ? (
        <Fact label="Location">
          <a
            className="underline"
            href={`https://www.openstreetmap.org/?mlat=${proof.latitude}&mlon=${proof.longitude}#map=18/${proof.latitude}/${proof.longitude}`}
            target="_blank"
            rel="noreferrer"
          >
            {proof.latitude!.toFixed(5)}, {proof.longitude!.toFixed(5)}
          </a>
        </Fact>
      ) : null}
      <Fact label="Handover code">{handoverText(proof, when)}</Fact>
      {proof.signatureUrl ? (
        <Fact label="Signature">
          <img src={proof.signatureUrl} alt={`Signature for ${orderNumber}`} className="mt-1 max-h-24 rounded border border-green-200 bg-white" />
        </Fact>
      ) : null}
    </dl>
  )
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium">{label}:</dt>
      <dd>{children}</dd>
    </div>
  )
}
