// Live updates for every manager page: any change in the organisation reloads the page's data (the
// dashboard, requests, dispatch board, map, notifications and the bell all read it from loaders).
// Bursts (a request, its notification, its status) are coalesced into one reload.
import { useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { LiveEventsContext, useLiveEventSource } from '~/lib/use-live-events'

const COALESCE_MS = 250

export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const live = useLiveEventSource()
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const latest = useRef({ revalidator, navigation })
  latest.current = { revalidator, navigation }
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const reload = () => {
      clearTimeout(timer)
      timer = setTimeout(function attempt() {
        const { revalidator, navigation } = latest.current
        // Never during a navigation (it would cancel it and the toast it carries): try again shortly.
        if (revalidator.state !== 'idle' || navigation.state !== 'idle') timer = setTimeout(attempt, COALESCE_MS)
        else revalidator.revalidate()
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
  }, [live])
  return <LiveEventsContext.Provider value={live}>{children}</LiveEventsContext.Provider>
}
