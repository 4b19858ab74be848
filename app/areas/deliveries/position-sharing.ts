// Live position, with consent (issue 30): on a runner's portal, a runner whose phone runs scripts may
// tick "Share my position". Then, while one of their deliveries is in transit, the phone sends where
// it is at most every 30 s; it stops when nothing is in transit any more (the portal says so after
// the last delivery, or the server answers 409) or when the runner unticks the box. The choice is
// remembered on the phone. Without JavaScript the box is never shown: nothing is shared.
// Inlined by the portal alone, beside the page enhancer (decision 040); bundled from
// app/enhancers/position-sharing.ts (decision 123).
export function sharePosition() {
  const KEY = 'stockrun.sharePosition'
  const EVERY_MS = 30_000
  let watch: number | null = null
  let timer: ReturnType<typeof setInterval> | null = null
  let latest: GeolocationCoordinates | null = null
  let lastSent = 0
  let sending = false

  const box = () => document.querySelector<HTMLElement>('[data-position-share]')
  const say = (text: string) => {
    const status = box()?.querySelector('[data-position-status]')
    if (status) status.textContent = text
  }
  const wanted = () => {
    try {
      return localStorage.getItem(KEY) === 'on'
    } catch {
      return false
    }
  }
  const inTransit = () => box()?.getAttribute('data-in-transit') === 'true'

  function stop(text?: string) {
    if (watch !== null) navigator.geolocation.clearWatch(watch)
    if (timer !== null) clearInterval(timer)
    watch = null
    timer = null
    if (text) say(text)
  }

  async function send() {
    const here = box()
    if (!here || !latest || !wanted() || !inTransit()) return
    if (sending || Date.now() - lastSent < EVERY_MS) return
    sending = true
    lastSent = Date.now()
    // The portal's own address holds the runner's token: /runner/:runnerId/:token.
    const token = decodeURIComponent(location.pathname.split('/')[3] ?? '')
    try {
      const res = await fetch(here.getAttribute('data-action') ?? '', {
        method: 'POST',
        body: JSON.stringify({ latitude: latest.latitude, longitude: latest.longitude }),
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-Runner-Token': token },
      })
      if (res.status === 409) stop('Sharing paused: no delivery is in transit.')
      else if (res.ok) say(`Position shared at ${new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.`)
      else say('Your position could not be sent; trying again shortly.')
    } catch {
      say('No connection: your position will be sent when it returns.')
      lastSent = 0
    } finally {
      sending = false
    }
  }

  function start() {
    if (watch !== null) return
    if (!('geolocation' in navigator)) return say('This phone cannot share its position.')
    say('Finding your position…')
    watch = navigator.geolocation.watchPosition(
      (p) => {
        latest = p.coords
        void send()
      },
      (err) => say(err.code === err.PERMISSION_DENIED ? 'Position sharing was not allowed on this phone.' : 'Your position is not available right now.'),
      { enableHighAccuracy: true, maximumAge: 15_000 },
    )
    timer = setInterval(() => void send(), 5_000)
  }

  function sync() {
    const here = box()
    if (!here) return stop()
    here.hidden = here.getAttribute('data-has-run') !== 'true'
    if (here.hidden) return stop()
    const tick = here.querySelector<HTMLInputElement>('input[type=checkbox]')
    if (tick) tick.checked = wanted()
    if (!wanted()) return stop('Not sharing your position.')
    if (!inTransit()) return stop('Sharing starts when a delivery is in transit.')
    start()
  }

  document.addEventListener('change', (e) => {
    const target = e.target as HTMLInputElement | null
    if (!target?.matches?.('[data-position-share] input[type=checkbox]')) return
    try {
      localStorage.setItem(KEY, target.checked ? 'on' : 'off')
    } catch {
      // Private mode: the choice lasts as long as this page.
    }
    lastSent = 0
    sync()
  })
  // The enhancer swaps the page's body after every form post: look again at what it now says.
  new MutationObserver(sync).observe(document.body, { childList: true })
  sync()
}
