// Live updates for every manager page: any change in the organisation reloads the page's data (the
// dashboard, requests, dispatch board, map, notifications and the bell all read it from loaders).
// Bursts (a request, its notification, its status) are coalesced into one reload.
import { useEffect, type ReactNode } from 'react'
import { LiveEventsContext, useLiveEventSource } from '~/lib/use-live-events'
import { useQuietRevalidate } from '~/lib/use-quiet-revalidate'

const COALESCE_MS = 250

export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const live = useLiveEventSource()
  const revalidateQuietly = useQuietRevalidate()
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const reload = () => {
      clearTimeout(timer)
      timer = setTimeout(function attempt() {
        // Not while a navigation or a form is under way (see useQuietRevalidate): try again shortly.
        if (!revalidateQuietly()) timer = setTimeout(attempt, COALESCE_MS)
      }, COALESCE_MS)
    }
    const unsubscribe = live.subscribe(reload)
    // Whatever changed between the page loading and the stream opening (or while it was down) was
    // never announced: catch up once on every (re)connect.
    if (live.connected) reload()
    return () => {
      unsubscribe()
      clearTimeout(timer)
    }
  }, [live, revalidateQuietly])
  return <LiveEventsContext.Provider value={live}>{children}</LiveEventsContext.Provider>
}
