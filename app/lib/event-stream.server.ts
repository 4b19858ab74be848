// The plumbing every Server-Sent Events answer shares (the managers' /api/events and a vendor's
// tracking stream): a heartbeat often enough that proxies (Fly's idles out at 60 s) never close a
// quiet stream, headers that keep compression from buffering it, and one clean-up however it ends
// (the browser leaving, the stream being cancelled, or the route closing it).

/** Often enough that proxies never close a quiet stream. */
export const HEARTBEAT_MS = 15_000

export type EventStreamWriter = {
  /** Writes one block of the stream as is (`event:`, `data:` and `id:` lines ending in a blank line). */
  write: (text: string) => void
  /** Ends the stream. */
  close: () => void
}

/**
 * Answers `request` with an event stream. `start` runs once the stream is open; what it returns is
 * called when the stream ends, whoever ends it.
 */
export function eventStreamResponse(request: Request, start: (stream: EventStreamWriter) => Promise<() => void> | (() => void)) {
  const encoder = new TextEncoder()
  let cleanup = () => {}
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true
      let stop: (() => void) | null = null
      const write = (text: string) => {
        if (!open) return
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          cleanup()
        }
      }
      const heartbeat = setInterval(() => write(`: heartbeat ${Date.now()}\n\n`), HEARTBEAT_MS)
      cleanup = () => {
        if (!open) return
        open = false
        clearInterval(heartbeat)
        stop?.()
        try {
          controller.close()
        } catch {
          // already closed by the client going away
        }
      }
      request.signal.addEventListener('abort', () => cleanup())
      write('retry: 3000\n: connected\n\n')
      try {
        const ending = await start({ write, close: () => cleanup() })
        if (open) stop = ending
        else ending()
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
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    },
  })
}
