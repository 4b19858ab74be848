// Reloading the page's data in the background (live events, polling, the bell) must wait for a
// quiet moment. During a navigation it would cancel it, and the toast its redirect carries. While a
// fetcher is sending a form (a settings switch), it would start before the answer's toast cookie is
// stored, and Remix folds the fetcher's own reload into it: the change is saved but its toast never
// shows. So it waits until nothing is under way.
import { useFetchers, useNavigation, useRevalidator } from '@remix-run/react'
import { useCallback, useRef } from 'react'

/** A function that reloads the page's data now if nothing is under way, and says whether it did. */
export function useQuietRevalidate() {
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const latest = useRef({ revalidator, navigation, fetchers })
  latest.current = { revalidator, navigation, fetchers }
  return useCallback(() => {
    const { revalidator, navigation, fetchers } = latest.current
    if (revalidator.state !== 'idle' || navigation.state !== 'idle' || fetchers.some((f) => f.state !== 'idle')) return false
    revalidator.revalidate()
    return true
  }, [])
}
