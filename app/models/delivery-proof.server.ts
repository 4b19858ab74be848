// A proof posted as a form with its photo (the no-JavaScript runner portal and delivery page): the
// photo goes through the same pipeline as /api/upload, then becomes the assignment's proof.
import { Conflict, Invalid } from '~/lib/errors'
import { ProofInput, type AssignmentStatus } from '~/lib/schemas/dispatch'
import { storeUploadedImage } from '~/services/images.server'
import { PROOF_STATUSES, submitProof, type AssignmentAccess } from './assignment.server'

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
  const { imageUrl, thumbnailUrl } = await storeUploadedImage(photo, {
    orgId: a.organisationId,
  })
  const notes = form.get('notes')
  return submitProof(
    access,
    ProofInput.parse({
      imageUrl,
      thumbnailUrl,
      notes: typeof notes === 'string' ? notes : null,
    }),
  )
}
