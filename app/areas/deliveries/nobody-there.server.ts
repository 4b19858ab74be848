// "Nobody to take it" (issue 28): a runner who cannot get the handover code because nobody is at the
// door may still deliver, leaving a photo of where it was left and a note. The delivery is then
// "delivered without code": stored with the handover, told to the managers and written in the audit
// log (assignment.server.ts does all three once the proof is in).
import { Conflict, Invalid } from '~/lib/errors'
import type { AssignmentAccess } from './assignment.server'
import { changeAssignmentStatus } from './delivery-progress.server'
import { submitProofWithPhoto } from './delivery-proof.server'

export const NOBODY_THERE = {
  photo: 'Take a photo of where you left the delivery.',
  note: 'Write a note: where you left it and why nobody could take it.',
} as const

/**
 * The portal's and the delivery page's form: photo and note in one post, then delivered. (Through the
 * API the proof comes first, then PATCH { status: 'delivered', nobodyThere: true }.)
 */
export async function deliverWithNobodyThere(access: AssignmentAccess, form: FormData, origin: string) {
  const a = access.assignment
  if (a.status !== 'in_transit') throw new Conflict('Only a delivery in transit can be left with nobody there.')
  const photo = form.get('photo')
  const note = form.get('notes')
  const fieldErrors: Record<string, string[]> = {}
  // A proof already given with a note stands; one without a note is followed by this one, photo and note.
  const proofStands = Boolean(a.proof?.notes?.trim())
  if (!proofStands && (!(photo instanceof Blob) || photo.size === 0)) fieldErrors.photo = [NOBODY_THERE.photo]
  if (typeof note !== 'string' || !note.trim()) fieldErrors.notes = [NOBODY_THERE.note]
  const first = Object.values(fieldErrors)[0]
  if (first) throw new Invalid(first[0]!, fieldErrors)
  const proof = proofStands ? a.proof : await submitProofWithPhoto(access, form)
  return changeAssignmentStatus({ ...access, assignment: { ...a, proof } }, 'delivered', { nobodyThere: true, origin })
}
