// Reads a Server-Sent Events answer in a test: every event as it arrives, and the raw text (for the
// comments a stream sends, such as ": connected").
import type { TestClient } from './client'

export type ReceivedEvent = { id: string; event: string; data: unknown }

/** Opens the stream at `path` and collects its events until closed. */
export async function listen(client: TestClient, path: string, headers: Record<string, string> = {}) {
  const controller = new AbortController()
  const res = await client.fetch(path, { signal: controller.signal, headers })
  const events: ReceivedEvent[] = []
  const raw: string[] = []
  const reading = (async () => {
    if (!res.body) return
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value
        raw.push(value)
        let end
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const fields = Object.fromEntries(block.split('\n').filter((l) => !l.startsWith(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]))
          if (fields.data) events.push({ id: fields.id ?? '', event: fields.event ?? '', data: JSON.parse(fields.data) })
        }
      }
    } catch {
      // aborted
    }
  })()
  return {
    res,
    events,
    raw,
    /** Whether the stream has said it is listening. */
    connected: () => raw.join('').includes(': connected'),
    close: async () => {
      controller.abort()
      await reading
    },
  }
}

/** Waits up to `ms` for `check` to hold; answers whether it did. */
export async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (check()) return true
    await new Promise((r) => setTimeout(r, 25))
  }
  return check()
}
