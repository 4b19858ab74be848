// The notification sound (spec §9): preloaded at volume 0.6. It watches the unread count (every 5 s,
// a small fetch rather than reloading the page) and plays only when a reading is higher than the one
// before; the first reading, made by the server when the page loaded, is the baseline. Sounds are on
// unless the manager switched them off. Playing is best-effort: browsers may refuse audio until the
// page has been interacted with, and that is only worth a warning.
import { useFetcher } from '@remix-run/react'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useLiveConnected, useLiveEvent } from '~/lib/use-live-events'
import { useQuietRevalidate } from '~/lib/use-quiet-revalidate'

export const NOTIFICATION_SOUND_URL = '/sounds/notification.wav'
/** An urgent request has its own sound (issue 29): two rising double beeps, told apart without looking. */
export const URGENT_SOUND_URL = '/sounds/urgent.wav'
export const SOUND_POLL_MS = 5_000
const VOLUME = 0.6

const SoundContext = createContext<{ play: (kind?: 'normal' | 'urgent') => void }>({ play: () => {} })
export const useNotificationSound = () => useContext(SoundContext)

export function NotificationSoundProvider({
  children,
  enabled = true,
  unreadCount,
  unreadUrgent = 0,
}: {
  children: ReactNode
  /** The manager's notificationSoundsEnabled; only an explicit false silences it. */
  enabled?: boolean
  /** The unread count the page was rendered with: the baseline. Without it nothing is watched. */
  unreadCount?: number
  /** How many of those are urgent requests: the baseline for the urgent sound. */
  unreadUrgent?: number
}) {
  const audio = useRef<HTMLAudioElement | null>(null)
  const urgentAudio = useRef<HTMLAudioElement | null>(null)
  useEffect(() => {
    const load = (url: string) => {
      const a = new Audio(url)
      a.preload = 'auto'
      a.volume = VOLUME
      a.load()
      return a
    }
    audio.current = load(NOTIFICATION_SOUND_URL)
    urgentAudio.current = load(URGENT_SOUND_URL)
  }, [])
  const play = useCallback((kind: 'normal' | 'urgent' = 'normal') => {
    const a = kind === 'urgent' ? urgentAudio.current : audio.current
    if (!a) return
    a.currentTime = 0
    a.play().catch((err) => console.warn('Notification sound could not play:', err))
  }, [])

  useUnreadWatch(unreadCount, unreadUrgent, enabled, play)

  const value = useMemo(() => ({ play }), [play])
  return <SoundContext.Provider value={value}>{children}</SoundContext.Provider>
}

function useUnreadWatch(initial: number | undefined, initialUrgent: number, enabled: boolean, play: (kind?: 'normal' | 'urgent') => void) {
  const fetcher = useFetcher<{ count: number; urgent?: number }>()
  const revalidateQuietly = useQuietRevalidate()
  const previous = useRef<number | null>(initial ?? null)
  const previousUrgent = useRef(initialUrgent)
  const live = useLiveConnected()
  const latest = useRef({ fetcher, revalidateQuietly, enabled, play, live })
  latest.current = { fetcher, revalidateQuietly, enabled, play, live }
  const watching = initial !== undefined

  // On (re)connecting, read the count once: anything that arrived while the stream was not open.
  useEffect(() => {
    const { fetcher } = latest.current
    if (live && watching && fetcher.state === 'idle') fetcher.load('/api/notifications/unread')
  }, [live, watching])

  // A live notification is read at once instead of at the next poll.
  useLiveEvent((message) => {
    const { fetcher } = latest.current
    if (watching && message.type === 'notification.created' && fetcher.state === 'idle') fetcher.load('/api/notifications/unread')
  })

  useEffect(() => {
    if (!watching) return
    const timer = setInterval(() => {
      const { fetcher, live } = latest.current
      if (!live && document.visibilityState === 'visible' && fetcher.state === 'idle') fetcher.load('/api/notifications/unread')
    }, SOUND_POLL_MS)
    return () => clearInterval(timer)
  }, [watching])

  // Only this one fetcher's readings are compared: they arrive in order, so a slower page reload
  // carrying an older count can never make the same rise sound twice.
  const count = fetcher.state === 'idle' ? fetcher.data?.count : undefined
  useEffect(() => {
    if (typeof count !== 'number') return
    const before = previous.current
    previous.current = count
    const urgent = fetcher.data?.urgent ?? 0
    const urgentBefore = previousUrgent.current
    previousUrgent.current = urgent
    if (before === null || count <= before) return
    const { enabled, play, revalidateQuietly } = latest.current
    // An urgent request among the new ones plays its own sound (issue 29).
    if (enabled) play(urgent > urgentBefore ? 'urgent' : 'normal')
    // Something new arrived: refresh the page's lists and the bell now rather than at their next poll
    // (unless something is under way, see useQuietRevalidate).
    revalidateQuietly()
  }, [count, fetcher.data])
}
