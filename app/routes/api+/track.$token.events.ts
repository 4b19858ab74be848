// GET /api/track/:token/events: the vendor's tracking page hears here, as Server-Sent Events, that
// something it shows has changed (its request, its delivery, or another stop of the same run, which
// moves "stop N of M" and the arrival window), and fetches itself again. The event says only
// `changed` and its position, never what changed: the page, read with the token, shows that.
// The page passes the position it was read at (?since=), so a change between reading the page and
// opening the stream is not lost; a reconnecting browser sends Last-Event-ID for the same reason.
// A request with nothing left to follow answers 204, which tells the browser to stop reconnecting.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { eventStreamResponse } from '~/lib/event-stream.server'
import { errorResponse } from '~/lib/http.server'
import { liveActivity, organisationActivityAfter, RESUME_LIMIT, type ActivityEvent } from '~/areas/outbox/activity-event.server'
import { findTrackedRequest } from '~/areas/requests/request-intake.server'
import { followedSubjects } from '~/areas/requests/tracking-stream.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['tracking-token'],
  methods: ['GET', 'HEAD'],
  operations: [
    { method: 'GET', summary: 'Changes to one tracked request as Server-Sent Events (the token of the vendor’s tracking link)', eventStream: true },
  ],
}

function position(raw: string | null) {
  return raw && /^\d{1,15}$/.test(raw.trim()) ? Number(raw) : null
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  let tracked
  try {
    tracked = await findTrackedRequest(params.token!)
  } catch (err) {
    return errorResponse(err)
  }
  if (tracked.stage === 'delivered' || tracked.stage === 'closed') return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
  const { organisationId: orgId, id: requestId } = tracked
  const since = position(request.headers.get('last-event-id')) ?? position(new URL(request.url).searchParams.get('since'))

  return eventStreamResponse(request, async ({ write }) => {
    let sent = 0
    let subjects = new Set<string>()
    let reading: Promise<unknown> = Promise.resolve()
    const changed = (seq: number) => {
      if (seq <= sent) return
      sent = seq
      write(`id: ${seq}\nevent: changed\ndata: {}\n\n`)
      // A run given or reordered brings new stops to listen to.
      reading = reading.then(() => followedSubjects(orgId, requestId).then((s) => (subjects = s))).catch(() => {})
    }
    const hear = (e: ActivityEvent) => subjects.has(e.id) && changed(e.seq)
    // Live events wait while the subjects and what was missed are read, so nothing slips between.
    let held: ActivityEvent[] | null = []
    const subscription = liveActivity().subscribe(orgId, (e) => (held ? held.push(e) : hear(e)))
    try {
      const [liveFrom, now] = await Promise.all([subscription.ready, followedSubjects(orgId, requestId)])
      subjects = now
      sent = Math.min(since ?? liveFrom, liveFrom)
      if (since !== null && since < liveFrom) {
        const missed = await organisationActivityAfter(orgId, since)
        const last = missed.filter((e) => e.seq <= liveFrom && subjects.has(e.id)).at(-1)
        // More than a resume's worth of the organisation's events: say changed rather than guess.
        if (last) changed(last.seq)
        else if (missed.length >= RESUME_LIMIT) changed(liveFrom)
      }
      const waiting = held ?? []
      held = null
      waiting.forEach(hear)
    } catch (err) {
      subscription.close()
      throw err
    }
    return () => subscription.close()
  })
}
