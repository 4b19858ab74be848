// The notification sound (spec §9): preloaded at volume 0.6; playing it is best-effort, since
// browsers may refuse audio until the page has been interacted with.
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react'

export const NOTIFICATION_SOUND_URL = '/sounds/notification.wav'

const SoundContext = createContext<{ play: () => void }>({ play: () => {} })
export const useNotificationSound = () => useContext(SoundContext)

export function NotificationSoundProvider({ children }: { children: ReactNode }) {
  const audio = useRef<HTMLAudioElement | null>(null)
  useEffect(() => {
    const a = new Audio(NOTIFICATION_SOUND_URL)
    a.preload = 'auto'
    a.volume = 0.6
    a.load()
    audio.current = a
  }, [])
  const play = useCallback(() => {
    const a = audio.current
    if (!a) return
    a.currentTime = 0
    a.play().catch((err) => console.warn('Notification sound could not play:', err))
  }, [])
  return <SoundContext.Provider value={{ play }}>{children}</SoundContext.Provider>
}
