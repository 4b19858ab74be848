// Re-runs the page's loaders every `ms` while the tab is visible (spec §9 refetch intervals).
// Loaders replace a client query layer, so refetching is just revalidating.
import { useEffect, useRef } from 'react'
import { useLiveConnected } from './use-live-events'
import { useQuietRevalidate } from './use-quiet-revalidate'

export function usePolling(ms: number, enabled = true) {
  const revalidateQuietly = useQuietRevalidate()
  // While the live stream is open it brings changes as they happen; polling is the fallback.
  const live = useLiveConnected()
  const latest = useRef(live)
  latest.current = live
  useEffect(() => {
    if (!enabled) return
    const timer = setInterval(() => {
      if (latest.current) return
      // Skipped while something is under way (see useQuietRevalidate); the next tick comes soon.
      if (document.visibilityState === 'visible') revalidateQuietly()
    }, ms)
    return () => clearInterval(timer)
  }, [ms, enabled, revalidateQuietly])
}
