// Reloading the page's data in the background (live events, polling, the bell) must wait for a
// quiet moment. During a navigation it would cancel it, and the toast its redirect carries. While a
// fetcher is sending a form (a settings switch), it would start before the answer's toast cookie is
// stored, and Remix drops the fetcher's redirect in its favour: the change is saved but its toast
// never shows. So it waits until nothing is under way.
import { useFetchers, useNavigation, useRevalidator } from '@remix-run/react'
import { useCallback, useRef } from 'react'

/** What is asked of the router's state: the navigation, a reload, and every fetcher. */
export type RouterActivity = {
  navigation: { state: string }
  revalidation: string
  fetchers: Map<string, { state: string }> | Array<{ state: string }>
}

/** Whether a navigation, a reload or a fetcher is under way. */
export function underWay(activity: RouterActivity) {
  return activity.navigation.state !== 'idle' || activity.revalidation !== 'idle' || [...activity.fetchers.values()].some((f) => f.state !== 'idle')
}

/**
 * Reloads unless something is under way by what was last rendered or by the router's own state
 * (`live`, when there is one), and says whether it did.
 */
export function reloadIfQuiet(rendered: RouterActivity, live: RouterActivity | undefined, reload: () => void) {
  if (underWay(rendered) || (live && underWay(live))) return false
  reload()
  return true
}

/**
 * The router's own state, which Remix's browser entry keeps on `window.__remixRouter`. React's
 * rendered state lags a render behind it: a switch flipped while the page hydrates is sent from an
 * effect, and a reload asked for before the next render still read every fetcher as idle (the
 * audit-log journey lost its toast that way on a busy CI machine).
 */
function routerActivity(): RouterActivity | undefined {
  if (typeof window === 'undefined') return undefined
  return (window as { __remixRouter?: { state: RouterActivity } }).__remixRouter?.state
}

/** A function that reloads the page's data now if nothing is under way, and says whether it did. */
export function useQuietRevalidate() {
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const latest = useRef({ revalidator, navigation, fetchers })
  latest.current = { revalidator, navigation, fetchers }
  return useCallback(() => {
    const { revalidator, navigation, fetchers } = latest.current
    return reloadIfQuiet({ navigation, revalidation: revalidator.state, fetchers }, routerActivity(), () => void revalidator.revalidate())
  }, [])
}
