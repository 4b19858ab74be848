// The browser side of GET /api/events: one EventSource per signed-in tab, shared through context.
// While it is open, pages stop polling (usePolling checks `connected`); when it cannot be opened or
// drops, polling carries on as before and the stream is tried again later.
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react'

export const LIVE_EVENT_TYPES = ['request.created', 'request.updated', 'assignment.updated', 'notification.created'] as const
export type LiveMessage = { type: (typeof LIVE_EVENT_TYPES)[number]; id: string; at: string }
type Listener = (message: LiveMessage) => void

export type LiveEvents = { connected: boolean; subscribe: (listener: Listener) => () => void }

export const LiveEventsContext = createContext<LiveEvents>({ connected: false, subscribe: () => () => {} })

/** True while the live stream is open, so polling can rest. */
export const useLiveConnected = () => useContext(LiveEventsContext).connected

/** Calls `listener` for every live event (the latest function given, without resubscribing). */
export function useLiveEvent(listener: Listener) {
  const { subscribe } = useContext(LiveEventsContext)
  const latest = useRef(listener)
  latest.current = listener
  useEffect(() => subscribe((m) => latest.current(m)), [subscribe])
}

/** A refused stream (signed out, an old server) is tried again after this long; polling covers the gap. */
const RETRY_CLOSED_MS = 30_000

export function useLiveEventSource(url = '/api/events'): LiveEvents {
  const [connected, setConnected] = useState(false)
  const listeners = useRef(new Set<Listener>())
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    let source: EventSource | null = null
    let retry: ReturnType<typeof setTimeout> | undefined
    let lastId = ''
    let stopped = false
    const onMessage = (e: MessageEvent) => {
      if (e.lastEventId) lastId = e.lastEventId
      let message: LiveMessage
      try {
        message = JSON.parse(e.data)
      } catch {
        return
      }
      listeners.current.forEach((listener) => listener(message))
    }
    const open = () => {
      // A stream opened anew asks for what it missed; the browser does this itself on its own reconnects.
      source = new EventSource(lastId ? `${url}?lastEventId=${encodeURIComponent(lastId)}` : url)
      for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, onMessage as EventListener)
      source.onopen = () => setConnected(true)
      source.onerror = () => {
        setConnected(false)
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close()
          retry = setTimeout(open, RETRY_CLOSED_MS)
        }
      }
    }
    open()
    return () => {
      stopped = true
      clearTimeout(retry)
      source?.close()
      setConnected(false)
    }
  }, [url])
  const subscribe = useMemo(
    () => (listener: Listener) => {
      listeners.current.add(listener)
      return () => void listeners.current.delete(listener)
    },
    [],
  )
  return useMemo(() => ({ connected, subscribe }), [connected, subscribe])
}
