// Re-runs the page's loaders every `ms` while the tab is visible (spec §9 refetch intervals).
// Loaders replace a client query layer, so refetching is just revalidating.
import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'

export function usePolling(ms: number, enabled = true) {
  const revalidator = useRevalidator()
  const latest = useRef(revalidator)
  latest.current = revalidator
  useEffect(() => {
    if (!enabled) return
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && latest.current.state === 'idle') latest.current.revalidate()
    }, ms)
    return () => clearInterval(timer)
  }, [ms, enabled])
}
