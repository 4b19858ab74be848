// A proof posted as a form with its photo (the no-JavaScript runner portal and delivery page): the
// photo goes through the same pipeline as /api/upload, then becomes the assignment's proof. With
// JavaScript the form also carries a drawn signature (a PNG data URL), the capture time and the
// browser's position; without, the name typed in `receivedBy` is the record of who took it.
import { Conflict, Invalid } from '~/lib/errors'
import { parseWith } from '~/lib/http.server'
import { trimmedFormText } from '~/lib/form-text'
import { ProofInput, type AssignmentStatus } from '~/areas/deliveries/dispatch.schema'
import { storeUploadedImage } from '~/lib/images.server'
import { PROOF_STATUSES, type AssignmentAccess } from './assignment.server'
import { submitProof } from './delivery-progress.server'

/** A signature is a small drawing; anything bigger is not one. */
const MAX_SIGNATURE_BYTES = 512 * 1024

/** A position the browser gave, or null: a bad one is dropped rather than refusing the proof. */
const coordinate = (form: FormData, name: string, limit: number) => {
  const v = trimmedFormText(form, name)
  const n = v === null ? NaN : Number(v)
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null
}

function signatureBlob(form: FormData): Blob | null {
  const data = trimmedFormText(form, 'signature')
  if (!data) return null
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(data)
  if (!match) throw new Invalid('The signature could not be read. Please sign again.', { signature: ['The signature could not be read. Please sign again.'] })
  const bytes = Buffer.from(match[1]!, 'base64')
  if (bytes.length > MAX_SIGNATURE_BYTES) throw new Invalid('The signature is too large.', { signature: ['The signature is too large.'] })
  return new Blob([bytes], { type: 'image/png' })
}

export async function submitProofWithPhoto(access: AssignmentAccess, form: FormData) {
  const a = access.assignment
  // Checked before the photo is stored, so a refused proof leaves no orphan image behind.
  if (!PROOF_STATUSES.includes(a.status as AssignmentStatus)) {
    throw new Conflict('Proof can be submitted only while the delivery is in transit or delivered.')
  }
  if (a.proof) throw new Conflict('Proof has already been submitted for this delivery.')
  const photo = form.get('photo') ?? form.get('image')
  if (!(photo instanceof Blob) || photo.size === 0)
    throw new Invalid('Please upload a photo', {
      photo: ['Please upload a photo'],
    })
  const signature = signatureBlob(form)
  const receivedBy = trimmedFormText(form, 'receivedBy')
  if (receivedBy && receivedBy.length > 120) throw new Invalid('Received by must be at most 120 characters', { receivedBy: ['Received by must be at most 120 characters'] })
  const { imageUrl, thumbnailUrl } = await storeUploadedImage(photo, {
    orgId: a.organisationId,
  })
  const signatureUrl = signature ? (await storeUploadedImage(signature, { orgId: a.organisationId })).imageUrl : null
  const capturedAt = trimmedFormText(form, 'capturedAt')
  return submitProof(
    access,
    parseWith(ProofInput, {
      imageUrl,
      thumbnailUrl,
      notes: trimmedFormText(form, 'notes'),
      receivedBy,
      signatureUrl,
      capturedAt: capturedAt && !Number.isNaN(Date.parse(capturedAt)) ? new Date(capturedAt).toISOString() : null,
      latitude: coordinate(form, 'latitude', 90),
      longitude: coordinate(form, 'longitude', 180),
    }),
  )
}
