// A form's answer that survives the live reloads. Remix clears action data when a page's loaders run
// again, and every manager page reloads on live events and on each (re)connect of the event stream
// (components/live-events.tsx): an import preview or an API key shown once would vanish under the
// manager's eyes. The answer is kept until the page is navigated (a new location), and no longer.
import { useActionData, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'

export function useStickyActionData<T>(): T | undefined {
  const actionData = useActionData<T>() as T | undefined
  const location = useLocation()
  const [kept, setKept] = useState<{ key: string; data: T } | null>(null)
  useEffect(() => {
    if (actionData !== undefined) setKept({ key: location.key, data: actionData })
  }, [actionData, location.key])
  return actionData ?? (kept && kept.key === location.key ? kept.data : undefined)
}
