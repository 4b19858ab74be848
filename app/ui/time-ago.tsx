// "5 minutes ago" that reads the same in the server's HTML and in the browser's first render, so
// React never finds a different text while hydrating (#418, #425; issue 34). The first render, on
// the server and while hydrating, counts from the moment the server answered (the root loader's
// `now`, which the page carries); after that from the browser's clock, once a minute.
import { useRouteLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { timeAgo } from '~/lib/format'

// True on the server (it never mounts) and in the browser until the first component has mounted:
// components that mount later (a client navigation, an opened dialog) are not hydrated.
let hydrating = true

const MINUTE = 60_000

/** The time to count from: the server's answer while hydrating, the browser's clock after. */
export function useNow(): number {
  const root = useRouteLoaderData('root') as { now?: number } | undefined
  const [now, setNow] = useState(() => (hydrating && root?.now ? root.now : Date.now()))
  useEffect(() => {
    hydrating = false
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), MINUTE)
    return () => clearInterval(timer)
  }, [])
  return now
}

export function TimeAgo({ date, className }: { date: Date | string; className?: string }) {
  const now = useNow()
  return <span className={className}>{timeAgo(date, new Date(now))}</span>
}
