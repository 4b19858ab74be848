// What a runner does at a stop, posted from the runner's portal or from a delivery link (both plain
// form posts that work without JavaScript): start, move the status (with the handover code), deliver
// with nobody there, send the proof. Both pages answer through this one handler, so the same press
// never gets two answers; each page says only how its token opens the delivery, which presses it
// offers and how it words a status change.
import { DomainError } from '~/lib/errors'
import { parseWith } from '~/lib/http.server'
import { readMultipartForm } from '~/lib/multipart.server'
import { publicOrigin } from '~/lib/public-url.server'
import type { AssignmentStatus } from './dispatch.schema'
import { StatusInput } from './dispatch.schema'
import { backToStop, refusedField } from './stop-return'
import { redirectWithToast } from '~/lib/toast.server'
import { openAssignment, type AssignmentAccess } from '~/areas/deliveries/assignment.server'
import { changeAssignmentStatus, startDelivery } from '~/areas/deliveries/delivery-progress.server'
import { submitProofWithPhoto } from '~/areas/deliveries/delivery-proof.server'
import { idempotencyKeyOf, onceByKey } from '~/areas/requests/idempotent-submission.server'
import { deliverWithNobodyThere } from '~/areas/deliveries/nobody-there.server'
import { notStartedAtSameStop } from '~/areas/deliveries/run-view.server'

type StopIntent = 'start' | 'status' | 'deliver' | 'nobody-there' | 'proof'

export type StopPage = {
  /** The page's secret (the runner's or the link's token). */
  token: string | undefined
  /** The delivery the address names (a delivery link); without one, the form's `assignmentId` names it. */
  assignmentId?: string
  /**
   * Checked before the body is read, so a stranger's upload is never taken in. A link's check opens
   * its delivery and answers it; the portal's names the runner only (null).
   */
  admit: () => Promise<AssignmentAccess | null>
  /** The presses the page offers; any other intent is `otherwise`'s, or refused as unknown. */
  offers: readonly StopIntent[]
  otherwise?: StopIntent
  /** The toast's sentence for a status the runner set. */
  statusSaid: (status: AssignmentStatus) => string
  /** Where a refused proof goes to be tried again (the link's proof dialog); else back to the stop. */
  proofRetry?: string
}

type StopPress = { request: Request; form: FormData; access: AssignmentAccess; here: string; page: StopPage }

const PRESSES: Record<StopIntent, (press: StopPress) => Promise<Response>> = {
  start: startAtStop,
  status: (press) => setStatus(press, press.form.get('status')),
  // "Mark as Delivered" is the status form's own button: the one handover-code field serves both.
  deliver: (press) => setStatus(press, 'delivered'),
  'nobody-there': leaveWithNobodyThere,
  proof: sendProof,
}

const FAILED: Record<string, string> = {
  start: 'Failed to Start',
  status: 'Update Failed',
  proof: 'Submission Failed',
  'nobody-there': 'Update Failed',
}

/** Runs the runner's press and answers with a redirect back to the stop acted on, and a toast. */
export async function actAtStop(request: Request, page: StopPage): Promise<Response> {
  const pathname = new URL(request.url).pathname
  // Every answer returns to the stop acted on (its card's anchor), so a phone without JavaScript
  // does not land back at the top of a long list (issue 34).
  let assignmentId = page.assignmentId ?? ''
  let intent = ''
  try {
    const admitted = await page.admit()
    const form = await readMultipartForm(request)
    const asked = String(form.get('intent') ?? '')
    intent = offered(page, asked) ? asked : (page.otherwise ?? asked)
    assignmentId ||= String(form.get('assignmentId') ?? '')
    const access = admitted ?? (await openAssignment(assignmentId, page.token))
    const here = backToStop(pathname, assignmentId)
    const press = offered(page, intent) ? PRESSES[intent] : undefined
    if (!press) return redirectWithToast(here, { title: 'Update Failed', description: 'Unknown action.', variant: 'error' })
    return await press({ request, form, access, here, page })
  } catch (err) {
    if (err instanceof DomainError && err.status < 500) {
      // A refused code is shown beside its field as well as in the message; a refused proof keeps
      // the page's proof dialog open, where it has one, so the runner can try again.
      const field = refusedField(err)
      const to = intent === 'proof' && err.status === 400 && page.proofRetry ? page.proofRetry : backToStop(pathname, assignmentId, field)
      return redirectWithToast(to, {
        title: (Object.hasOwn(FAILED, intent) && FAILED[intent]) || 'Update Failed',
        description: err.message,
        variant: 'error',
      })
    }
    throw err
  }
}

const offered = (page: StopPage, intent: string): intent is StopIntent => page.offers.includes(intent as StopIntent)

/** The phone's offline queue sends each press with its own key: a resend is answered, never run twice. */
function once({ request, access }: StopPress, kind: 'status' | 'proof', run: () => Promise<unknown>) {
  return onceByKey(idempotencyKeyOf(request), { assignmentId: access.assignment.id, kind }, run, async () => null)
}

const alsoStarted = (together: { orderNumber: string }[]) => (together.length ? ` Also started at this stop: ${together.map((o) => o.orderNumber).join(', ')}.` : '')

async function startAtStop(press: StopPress) {
  const together = await notStartedAtSameStop(press.access.assignment.id)
  await once(press, 'status', () => startDelivery(press.access, publicOrigin(press.request)))
  return redirectWithToast(press.here, {
    title: 'Delivery Started',
    description: `The address is now shown.${alsoStarted(together)}`,
  })
}

async function setStatus(press: StopPress, asked: FormDataEntryValue | null) {
  const { access, form, request } = press
  const { status, handoverCode } = parseWith(StatusInput, { status: asked, handoverCode: form.get('handoverCode') })
  // Starting one delivery starts the others at the same stop: the toast names them.
  const together = status === 'in_transit' && access.assignment.status !== 'in_transit' ? await notStartedAtSameStop(access.assignment.id) : []
  await once(press, 'status', () => changeAssignmentStatus(access, status, { handoverCode, origin: publicOrigin(request) }))
  return redirectWithToast(press.here, { title: 'Status Updated', description: `${press.page.statusSaid(status)}${alsoStarted(together)}` })
}

async function leaveWithNobodyThere(press: StopPress) {
  await once(press, 'status', () => deliverWithNobodyThere(press.access, press.form, publicOrigin(press.request)))
  return redirectWithToast(press.here, { title: 'Delivered Without Code', description: 'Your photo and note were sent to the managers.' })
}

async function sendProof(press: StopPress) {
  await once(press, 'proof', () => submitProofWithPhoto(press.access, press.form))
  return redirectWithToast(press.here, { title: 'Proof Submitted', description: 'Delivery proof has been submitted successfully.' })
}
