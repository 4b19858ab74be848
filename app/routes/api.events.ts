// GET /api/events: live updates for signed-in managers as Server-Sent Events. Each event is named by
// its type (request.created, request.updated, assignment.updated, notification.created), carries
// JSON { type, id, at } and an id a reconnecting browser sends back as Last-Event-ID to get what it
// missed. Only the caller's organisation's events are ever written to the stream.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { errorResponse } from '~/lib/http.server'
import { LiveHub } from '~/lib/live-events.server'
import { activityAfter, latestActivitySeq, organisationActivityAfter, type ActivityEvent } from '~/models/activity-event.server'
import { requireApiManager } from '~/services/auth.server'

/** Often enough that proxies (Fly's idles out at 60 s) never close a quiet stream. */
export const HEARTBEAT_MS = 15_000

declare global {
  var __stockrunLiveHub: LiveHub<ActivityEvent> | undefined
}
const hub = (globalThis.__stockrunLiveHub ??= new LiveHub<ActivityEvent>({ latest: latestActivitySeq, after: activityAfter }))

function resumeFrom(request: Request) {
  const raw = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId')
  const seq = raw && /^\d{1,15}$/.test(raw.trim()) ? Number(raw) : null
  return seq
}

export async function loader({ request }: LoaderFunctionArgs) {
  let orgId: string
  try {
    orgId = (await requireApiManager(request)).orgId
  } catch (err) {
    return errorResponse(err)
  }
  const resume = resumeFrom(request)
  const encoder = new TextEncoder()
  let cleanup = () => {}

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true
      const write = (text: string) => {
        if (!open) return
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          cleanup()
        }
      }
      let sent = 0
      const send = (e: ActivityEvent) => {
        if (e.seq <= sent) return
        sent = e.seq
        write(`id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify({ type: e.type, id: e.id, at: e.at.toISOString() })}\n\n`)
      }
      // Live events wait while the missed ones are read, so the stream stays in order.
      let held: ActivityEvent[] | null = []
      const subscription = hub.subscribe(orgId, (e) => (held ? held.push(e) : send(e)))
      const heartbeat = setInterval(() => write(`: heartbeat ${Date.now()}\n\n`), HEARTBEAT_MS)
      cleanup = () => {
        if (!open) return
        open = false
        clearInterval(heartbeat)
        subscription.close()
        try {
          controller.close()
        } catch {
          // already closed by the client going away
        }
      }
      request.signal.addEventListener('abort', () => cleanup())
      write('retry: 3000\n: connected\n\n')
      try {
        const liveFrom = await subscription.ready
        sent = Math.min(resume ?? liveFrom, liveFrom)
        if (resume !== null) (await organisationActivityAfter(orgId, resume)).forEach(send)
        const waiting: ActivityEvent[] = held ?? []
        held = null
        waiting.forEach(send)
      } catch (err) {
        console.warn('Live updates could not start:', err)
        cleanup()
      }
    },
    cancel() {
      cleanup()
    },
  })

  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform keeps compression from buffering the stream.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    },
  })
}
