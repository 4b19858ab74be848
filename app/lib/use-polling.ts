// Re-runs the page's loaders every `ms` while the tab is visible (spec §9 refetch intervals).
// Loaders replace a client query layer, so refetching is just revalidating.
import { useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useLiveConnected } from './use-live-events'

export function usePolling(ms: number, enabled = true) {
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  // While the live stream is open it brings changes as they happen; polling is the fallback.
  const live = useLiveConnected()
  const latest = useRef({ revalidator, navigation, live })
  latest.current = { revalidator, navigation, live }
  useEffect(() => {
    if (!enabled) return
    const timer = setInterval(() => {
      const { revalidator, navigation, live } = latest.current
      if (live) return
      // A revalidation during a navigation would cancel it (and the toast its redirect carries).
      if (document.visibilityState === 'visible' && revalidator.state === 'idle' && navigation.state === 'idle') revalidator.revalidate()
    }, ms)
    return () => clearInterval(timer)
  }, [ms, enabled])
}
