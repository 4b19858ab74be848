// Re-runs the page's loaders every `ms` while the tab is visible (spec §9 refetch intervals).
// Loaders replace a client query layer, so refetching is just revalidating.
import { useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'

export function usePolling(ms: number, enabled = true) {
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const latest = useRef({ revalidator, navigation })
  latest.current = { revalidator, navigation }
  useEffect(() => {
    if (!enabled) return
    const timer = setInterval(() => {
      const { revalidator, navigation } = latest.current
      // A revalidation during a navigation would cancel it (and the toast its redirect carries).
      if (document.visibilityState === 'visible' && revalidator.state === 'idle' && navigation.state === 'idle') revalidator.revalidate()
    }, ms)
    return () => clearInterval(timer)
  }, [ms, enabled])
}
