// The Dispatch page's form posts, one named task each (issue 35): adding a runner, resetting a
// runner's link, assigning a request, making a run, moving a run's stop and making a delivery link.
// A secret made here (a runner's portal link, a delivery link) is answered in the page, never put in a URL.
import { json } from '@remix-run/node'
import type { RunnerLink } from '~/areas/deliveries/components/runner-link-panel'
import { withErrorToast } from '~/lib/form-errors.server'
import { distanceWords } from '~/areas/deliveries/distance-words'
import { invalidFromZod } from '~/lib/http.server'
import { AssignInput, RunnerInput } from '~/areas/deliveries/dispatch.schema'
import { sendSentence, type SendOutcome } from '~/areas/outbox/send-outcome'
import { redirectWithToast } from '~/lib/toast.server'
import { generateDeliveryLink } from '~/areas/deliveries/assignment.server'
import { assignRunner } from '~/areas/deliveries/assign-runner.server'
import { createRunner, rotateRunnerToken, runnerPortalPath } from '~/areas/deliveries/runner.server'
import { createRun, moveStop, MoveStopInput, RunInput } from '~/areas/deliveries/run.server'
import { shortageWords } from '~/areas/deliveries/van-stock.server'

const PAGE = '/dispatch'

/** What a post answers in the page itself, shown once: a runner's portal link, a delivery link, or the new runner's form again. */
export type Shown =
  | RunnerLink
  | { kind: 'link'; shareableUrl: string; assignmentId: string }
  | {
      kind: 'runner-errors'
      fieldErrors: Record<string, string[]>
      values: Record<string, string>
    }

/** A form post to Dispatch: the organisation, the app's public origin for links, and the form's text fields. */
export type DispatchPost = { orgId: string; origin: string; form: FormData; field: (name: string) => string | undefined }

export const DISPATCH_INTENTS = {
  'add-runner': addRunner,
  rotate: resetRunnerLink,
  assign: assignRequest,
  run: makeRun,
  'move-stop': moveRunStop,
  link: makeDeliveryLink,
}

/** A new runner; their portal link is answered once, in the page, never put in a URL. */
async function addRunner({ orgId, origin, field }: DispatchPost) {
  const parsed = RunnerInput.safeParse({
    name: field('name'),
    phone: field('phone'),
    email: field('email'),
  })
  if (!parsed.success) {
    const values = {
      name: field('name') ?? '',
      phone: field('phone') ?? '',
      email: field('email') ?? '',
    }
    return json<Shown>(
      {
        kind: 'runner-errors',
        fieldErrors: invalidFromZod(parsed.error).fieldErrors,
        values,
      },
      { status: 400 },
    )
  }
  return withErrorToast(PAGE, 'Failed to Add Runner', async () => {
    const runner = await createRunner(orgId, parsed.data)
    const portalUrl = origin + runnerPortalPath(runner.id, runner.authToken)
    return json<Shown>({ kind: 'runner', title: 'Runner Added', name: runner.name, phone: runner.phone, portalUrl, replaced: false })
  })
}

async function resetRunnerLink({ orgId, origin, field }: DispatchPost) {
  return withErrorToast(PAGE, 'Failed to Reset Link', async () => {
    const runner = await rotateRunnerToken(orgId, field('runnerId') ?? '')
    const portalUrl = origin + runnerPortalPath(runner.id, runner.authToken)
    return json<Shown>({ kind: 'runner', title: 'New Portal Link', name: runner.name, phone: runner.phone, portalUrl, replaced: true })
  })
}

async function assignRequest({ orgId, origin, field }: DispatchPost) {
  return withErrorToast(`${PAGE}?assign=${encodeURIComponent(field('requestId') ?? '')}`, 'Assignment Failed', async () => {
    const parsed = AssignInput.safeParse({
      requestId: field('requestId'),
      runnerId: field('runnerId'),
      notes: field('notes'),
    })
    if (!parsed.success) throw invalidFromZod(parsed.error)
    const created = await assignRunner(orgId, parsed.data, origin)
    // Every send named (issue 28): the runner's link by SMS, and each requester who asked to hear.
    const sends = [
      sendSentence('Delivery link by SMS', `${created.runner.name} (${created.runner.phone})`, created.smsStatus as SendOutcome),
      ...created.requesterUpdates.map((u) => sendSentence(`Update by ${u.channel === 'sms' ? 'SMS' : 'e-mail'}`, `the requester at ${u.address}`, u.outcome)),
      ...(created.shortages.length ? [`Short at the depot: ${shortageWords(created.shortages)}.`] : []),
    ]
    return redirectWithToast(PAGE, {
      title: 'Assignment Created',
      description: [`${created.request.orderNumber} assigned to ${created.runner.name}.`, ...sends].join(' '),
      variant: created.smsStatus === 'failed' || created.requesterUpdates.some((u) => u.outcome === 'failed') ? 'error' : 'success',
    })
  })
}

async function makeRun({ orgId, origin, form, field }: DispatchPost) {
  return withErrorToast(PAGE, 'Run Not Made', async () => {
    const parsed = RunInput.safeParse({ runnerId: field('runnerId'), requestIds: form.getAll('requestIds').filter((v) => typeof v === 'string'), depotId: field('depotId') || undefined })
    if (!parsed.success) throw invalidFromZod(parsed.error)
    const run = await createRun(orgId, parsed.data, origin)
    const requests = run.stops.reduce((n, s) => n + s.requestIds.length, 0)
    return redirectWithToast(PAGE, {
      title: 'Run Created',
      description: `${run.stops.length} ${run.stops.length === 1 ? 'stop' : 'stops'} (${requests} ${requests === 1 ? 'order' : 'orders'}, ${distanceWords(run.totalKm)}) for ${run.runnerName}.${run.shortages.length ? ` Short at the depot: ${shortageWords(run.shortages)}.` : ''}`,
    })
  })
}

async function moveRunStop({ orgId, field }: DispatchPost) {
  return withErrorToast(PAGE, 'Stop Not Moved', async () => {
    const parsed = MoveStopInput.safeParse({ runId: field('runId'), propertyId: field('propertyId'), direction: field('direction') })
    if (!parsed.success) throw invalidFromZod(parsed.error)
    await moveStop(orgId, parsed.data.runId, parsed.data.propertyId, parsed.data.direction)
    return redirectWithToast(PAGE, { title: 'Run Reordered' })
  })
}

/** A shareable link for one delivery, answered once in the page. */
async function makeDeliveryLink({ orgId, origin, field }: DispatchPost) {
  return withErrorToast(PAGE, 'Generation Failed', async () => {
    const assignmentId = field('assignmentId') ?? ''
    const { shareableUrl } = await generateDeliveryLink(orgId, assignmentId, origin)
    return json<Shown>({ kind: 'link', shareableUrl, assignmentId })
  })
}
