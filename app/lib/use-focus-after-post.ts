// After a form post re-renders a list (an item moved, or went to another group), the button that was
// pressed is gone or disabled and focus falls to the page: a keyboard user loses their place.
import { useNavigation } from '@remix-run/react'
import { useCallback, useEffect, useRef } from 'react'

/**
 * Answers `focusAfter(find)`: call it when a post starts; once the page has settled (the new data
 * rendered) the element `find` answers gets focus.
 */
export function useFocusAfterPost() {
  const navigation = useNavigation()
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null)
  useEffect(() => {
    if (navigation.state !== 'idle' || !pending.current) return
    const find = pending.current
    pending.current = null
    find()?.focus({ preventScroll: false })
  }, [navigation.state])
  return useCallback((find: () => HTMLElement | null | undefined) => {
    pending.current = find
  }, [])
}
