// GET /api/events: live updates for signed-in managers as Server-Sent Events. Each event is named by
// its type (request.created, request.updated, assignment.updated, notification.created), carries
// JSON { type, id, at } and an id a reconnecting browser sends back as Last-Event-ID to get what it
// missed. Only the caller's organisation's events are ever written to the stream.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { eventStreamResponse } from '~/lib/event-stream.server'
import { errorResponse } from '~/lib/http.server'
import { liveActivity, organisationActivityAfter, type ActivityEvent } from '~/areas/outbox/activity-event.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'Live updates as Server-Sent Events (for the signed-in app; integrations use webhooks)', eventStream: true },
  ],
}

function resumeFrom(request: Request) {
  const raw = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId')
  const seq = raw && /^\d{1,15}$/.test(raw.trim()) ? Number(raw) : null
  return seq
}

export async function loader({ request }: LoaderFunctionArgs) {
  let orgId: string
  try {
    orgId = (await requireApiManager(request, contract)).orgId
  } catch (err) {
    return errorResponse(err)
  }
  const resume = resumeFrom(request)
  return eventStreamResponse(request, async ({ write }) => {
    let sent = 0
    const send = (e: ActivityEvent) => {
      if (e.seq <= sent) return
      sent = e.seq
      write(`id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify({ type: e.type, id: e.id, at: e.at.toISOString() })}\n\n`)
    }
    // Live events wait while the missed ones are read, so the stream stays in order.
    let held: ActivityEvent[] | null = []
    const subscription = liveActivity().subscribe(orgId, (e) => (held ? held.push(e) : send(e)))
    try {
      const liveFrom = await subscription.ready
      sent = Math.min(resume ?? liveFrom, liveFrom)
      if (resume !== null) (await organisationActivityAfter(orgId, resume)).forEach(send)
      const waiting: ActivityEvent[] = held ?? []
      held = null
      waiting.forEach(send)
    } catch (err) {
      subscription.close()
      throw err
    }
    return () => subscription.close()
  })
}
