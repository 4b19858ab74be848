// The whole of the JavaScript that vendors' and runners' pages send (decision 040): instead of React and
// Remix's runtime (~125 KB), these pages are served as their server-rendered HTML plus this script,
// inlined, which enhances what already works without it:
// - a form post or a link within the same page fetches the next page and swaps it in, keeping the
//   scroll position, the focus and the live regions (so a screen reader hears the cart change);
// - a modal dialog takes the focus, keeps it inside, closes on Escape and gives the focus back, and
//   closing it (a link, Escape, Back) lands where the page under it was scrolled;
// - toasts close from their button; F8 jumps to them;
// - the language a vendor picks is remembered in the browser; a scan is reported once per page load;
//   pages that ask for it (tracking) refresh themselves, at once when their live stream says so;
// - the delivery proof's signature pad and capture time/place (wireProofCapture, in the deliveries
//   area's components) come alive;
// - on runners' pages, a post made without signal waits on the phone (IndexedDB) with the key made
//   when the button was pressed, is listed in the [data-offline-queue] region, and is sent when the
//   connection returns; a service worker keeps the last copy of the page for reopening it offline
//   (decision 047).
// esbuild bundles it, from app/enhancers/page.ts, into the script the pages inline (decision 123).

/** Where the page under a dialog was: its scroll, and the first product card on screen and how far it sat from the top. */
type PlaceUnderDialog = { y: number; card: { id: string; top: number } | null }

/** Runs once per page load; `wireProof` wires the proof form (its pads are marked, so again is safe) after every page it paints. */
export function enhancePage(wireProof: (root: ParentNode) => void) {
  const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'
  const LANGUAGE_KEY = 'vendor_language_preference'
  const MODAL = '[role=dialog][aria-modal=true]'
  let dialogOpener: string | null = null
  // Where the page under a dialog was scrolled: a dialog's page may be short (the vendor's finalize
  // step holds no catalog), and closing it should land where the vendor was, not at the top. With it,
  // the first product card on screen and how far it sat from the top (see `putBackUnderDialog`).
  let scrollUnderDialog: PlaceUnderDialog | null = null
  // The address of the page on screen, without its anchor: Back to another anchor of it is the browser's own.
  let painted = location.href.split('#')[0]!
  let busy = false

  /** What identifies a form across a swap: where it posts and its hidden fields (but not what the browser captured). */
  function formKey(form: HTMLFormElement) {
    const hidden = Array.from(form.querySelectorAll<HTMLInputElement>('input[type=hidden]:not([data-capture])'))
      .map((i) => `${i.name}=${i.value}`)
      .join('&')
    return `${form.getAttribute('action') ?? ''}?${hidden}`
  }

  /** What identifies an element across a swap: its id, or its form and its own text, or its link. */
  function signature(el: Element | null): string | null {
    if (!el || el === document.body) return null
    if (el.id) return `#${el.id}`
    const form = el.closest('form')
    if (form) return `form:${formKey(form)}|${el.tagName}|${(el as HTMLElement).innerText ?? ''}`
    if (el instanceof HTMLAnchorElement) return `a:${el.getAttribute('href')}`
    return null
  }

  function find(sig: string | null): HTMLElement | null {
    if (!sig) return null
    if (sig.startsWith('#')) return document.getElementById(sig.slice(1))
    const candidates = Array.from(document.querySelectorAll<HTMLElement>(sig.startsWith('a:') ? 'a[href]' : 'form button, form input, form select, form textarea'))
    return candidates.find((c) => signature(c) === sig) ?? null
  }

  /** The first product card on screen and its distance from the top of the screen, if any. */
  function cardOnScreen(): PlaceUnderDialog['card'] {
    for (const card of document.querySelectorAll<HTMLElement>('[id^="product-"]')) {
      const box = card.getBoundingClientRect()
      if (box.bottom > 0) return { id: card.id, top: box.top }
    }
    return null
  }

  /**
   * Back where the page was under a closed dialog. Its cards come in new, and those off screen take
   * their estimated height (`content-visibility: auto`), not the height they were drawn at: the
   * same scroll position alone can land a card or more off, so the card that was on screen is
   * put back where it sat.
   */
  function putBackUnderDialog(under: PlaceUnderDialog) {
    window.scrollTo(0, under.y)
    const card = under.card && document.getElementById(under.card.id)
    if (card && under.card) window.scrollBy(0, card.getBoundingClientRect().top - under.card.top)
  }

  /** `posted`: the page is the answer to a form post, which opens where it opens (not where a closed dialog's page was). */
  function swap(html: string, url: string, push: boolean, keepTyped = false, posted = false) {
    const next = new DOMParser().parseFromString(html, 'text/html')
    const typed = keepTyped ? typedFields() : []
    const focused = signature(document.activeElement)
    const focusedProduct = document.activeElement?.closest('[id^="product-"]')?.id
    const scroll = window.scrollY
    const hadDialog = document.querySelector(MODAL) !== null
    const under = !hadDialog && next.querySelector(MODAL) !== null ? { y: scroll, card: cardOnScreen() } : null
    const liveRegions = Array.from(document.body.querySelectorAll('[aria-live]'))
    document.title = next.title
    document.documentElement.lang = next.documentElement.lang
    next.body.querySelectorAll('script').forEach((s) => s.remove())
    document.body.innerHTML = next.body.innerHTML
    // The old live regions stay in the page with the new text, so assistive technology announces it.
    Array.from(document.body.querySelectorAll('[aria-live]')).forEach((region, i) => {
      const old = liveRegions[i]
      if (!old) return
      old.innerHTML = region.innerHTML
      region.replaceWith(old)
    })
    if (url !== location.href) history[push ? 'pushState' : 'replaceState'](null, '', url)
    const dialog = document.querySelector<HTMLElement>(MODAL)
    if (dialog && !hadDialog) scrollUnderDialog = under
    // A dialog closed by a link, Escape or Back lands where the page under it was; the answer to a
    // post (the request sent, a refusal to read at the top) does not.
    if (hadDialog && !dialog && !posted && scrollUnderDialog) putBackUnderDialog(scrollUnderDialog)
    else window.scrollTo(0, scroll)
    if (!dialog) scrollUnderDialog = null
    painted = location.href.split('#')[0]!
    putBack(typed)
    wireProof(document)
    if (dialog) return openDialog(dialog)
    const back = find(dialogOpener ?? focused) ?? (focusedProduct ? document.querySelector<HTMLElement>(`#${focusedProduct} button:not([disabled]), #${focusedProduct}`) : null)
    dialogOpener = null
    back?.focus({ preventScroll: true })
  }

  type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
  const formFields = () => Array.from(document.querySelectorAll<Field>('form input, form textarea, form select'))
  const ticked = (f: Field): f is HTMLInputElement => f instanceof HTMLInputElement && (f.type === 'checkbox' || f.type === 'radio')
  const fieldKey = (f: Field) => `${f.form ? formKey(f.form) : ''}|${f.name}|${ticked(f) ? f.value : ''}`

  /** A field holds something other than what the page was painted with: typed, ticked, chosen. */
  function changed(f: Field) {
    if (f instanceof HTMLSelectElement) {
      const defaults = Array.from(f.options, (o) => o.defaultSelected)
      // With no option marked, a single select starts on its first.
      if (!f.multiple && !defaults.includes(true)) return f.selectedIndex > 0
      return Array.from(f.options).some((o, i) => o.selected !== defaults[i])
    }
    if (ticked(f)) return f.checked !== f.defaultChecked
    if (f instanceof HTMLInputElement && f.type === 'file') return (f.files?.length ?? 0) > 0
    return f.type !== 'hidden' && f.value !== f.defaultValue
  }

  /**
   * Someone is in the middle of writing: a field that takes typing or a choice has the focus. A
   * refresh then waits, as painting the field afresh would move the caret or close the list.
   */
  function writing() {
    const f = document.activeElement as HTMLInputElement | null
    // A textarea's type is "textarea", a select's "select-one" or "select-multiple".
    return Boolean(f?.form) && !/^(button|submit|reset|image|checkbox|radio|file)$/.test(f!.type)
  }

  /**
   * What has been put into the page's forms, to be put back after a refresh nobody asked for paints
   * them afresh: it used to lose an e-mail typed on the tracking page, or a runner's notes.
   */
  function typedFields() {
    return formFields()
      .filter(changed)
      .map((f) => ({ key: fieldKey(f), value: f.value, checked: ticked(f) && f.checked, files: f instanceof HTMLInputElement && f.type === 'file' ? f.files : null }))
  }

  function putBack(typed: ReturnType<typeof typedFields>) {
    if (!typed.length) return
    const fields = new Map(formFields().map((f) => [fieldKey(f), f]))
    for (const t of typed) {
      const f = fields.get(t.key)
      if (!f) continue
      if (ticked(f)) f.checked = t.checked
      else if (f instanceof HTMLInputElement && f.type === 'file') f.files = t.files
      else f.value = t.value
    }
  }

  /**
   * A post as the server should count it: multipart only when a photo goes with it. The server counts
   * every multipart post as a photo upload (30 a minute from one address), and a vendor's cart
   * presses or a runner's status change are not uploads; a file field with nothing chosen goes empty.
   */
  function asSent(body: FormData) {
    const photo = Array.from(body.values()).some((value) => typeof value !== 'string' && value.size > 0)
    return photo ? body : new URLSearchParams(Array.from(body, ([name, value]) => [name, typeof value === 'string' ? value : '']))
  }

  // The fetch under way, and whether nobody asked for it (a refresh the live stream or a timer began).
  let underWay: { stop: AbortController; background: boolean } | null = null

  /**
   * Fetches a page and paints it. A press (a post, a link) while a refresh is under way stops the
   * refresh and goes ahead: it used to find the page busy and vanish, the button left pressed and
   * nothing sent. A refresh while anything is under way waits (its caller marks the page stale).
   */
  async function go(url: string, init: RequestInit, push: boolean, fallback: (err: unknown) => void, background = false) {
    if (underWay) {
      if (background || !underWay.background) return
      underWay.stop.abort()
    }
    const mine = { stop: new AbortController(), background }
    underWay = mine
    busy = true
    document.body.setAttribute('aria-busy', 'true')
    try {
      const res = await fetch(url, { ...init, credentials: 'same-origin', headers: { ...init.headers, Accept: 'text/html' }, signal: mine.stop.signal })
      if (!(res.headers.get('content-type') ?? '').includes('text/html')) throw new Error('not a page')
      const html = await res.text()
      // Writing began while a refresh was on its way: the page is refreshed once the field is left.
      if (background && writing()) throw new Error('writing meanwhile')
      if (!mine.stop.signal.aborted) swap(html, res.url, push, background, init.method === 'POST')
    } catch (err) {
      fallback(err)
    } finally {
      if (underWay === mine) {
        underWay = null
        busy = false
        document.body.removeAttribute('aria-busy')
      }
    }
  }

  function samePage(href: string) {
    const url = new URL(href, location.href)
    return url.origin === location.origin && url.pathname === location.pathname
  }

  document.addEventListener('submit', (e) => {
    const form = e.target as HTMLFormElement
    if (e.defaultPrevented || (form.getAttribute('method') ?? 'get').toLowerCase() !== 'post') return
    e.preventDefault()
    const submitter = (e as SubmitEvent).submitter as HTMLButtonElement | null
    const body = new FormData(form)
    if (submitter?.name) body.append(submitter.name, submitter.value)
    submitter?.setAttribute('aria-disabled', 'true')
    // One key per press, kept with the queued copy: however often it is sent, it happens once.
    const key = crypto.randomUUID?.() ?? Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
    const label = form.dataset.queueLabel
    void go(form.action, { method: 'POST', body: asSent(body), headers: { 'Idempotency-Key': key } }, true, (err) => {
      // No signal (fetch itself failed): keep it on the phone rather than lose the photo to an error page.
      if (!(err instanceof TypeError && label && queueRegion())) return HTMLFormElement.prototype.submit.call(form)
      submitter?.removeAttribute('aria-disabled')
      void waiting('readwrite', (s) => s.put({ id: `${Date.now()}-${key}`, key, url: form.action, label, at: Date.now(), entries: Array.from(body) })).then(() => {
        // The form (or the link that opened its dialog) gives way to a note, so it is not pressed twice.
        const note = () => Object.assign(document.createElement('p'), { className: 'text-sm text-slate-600', textContent: `${label}: waiting to send.` })
        const dialog = form.closest('[role=dialog]')
        if (dialog) {
          // Closed here: there is no signal to load the page without it.
          document.querySelectorAll<HTMLAnchorElement>('a[href]').forEach((a) => a.href === location.href && a.replaceWith(note()))
          ;(dialog.parentElement?.parentElement ?? dialog).remove()
          scrollUnderDialog = null
          history.replaceState(null, '', location.pathname)
          painted = location.href
        } else form.replaceWith(note())
        void showQueue([])
        retryNow()
      }, () => HTMLFormElement.prototype.submit.call(form))
    })
  })

  type Waiting = { id: string; key: string; url: string; label: string; at: number; entries: [string, FormDataEntryValue][] }
  const queueRegion = () => document.querySelector<HTMLElement>('[data-offline-queue]')
  let sending = false

  function waiting<T>(mode: IDBTransactionMode, ask: (s: IDBObjectStore) => IDBRequest<T>) {
    return new Promise<T>((resolve, reject) => {
      const open = indexedDB.open('stockrun-offline', 1)
      open.onupgradeneeded = () => open.result.createObjectStore('waiting', { keyPath: 'id' })
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const tx = open.result.transaction('waiting', mode)
        const req = ask(tx.objectStore('waiting'))
        tx.oncomplete = () => {
          open.result.close()
          resolve(req.result)
        }
        tx.onerror = tx.onabort = () => reject(tx.error)
      }
    })
  }

  async function showQueue(sent: string[]) {
    const region = queueRegion()
    if (!region) return
    const items = await waiting<Waiting[]>('readonly', (s) => s.getAll())
    const line = (tag: string, text: string) => {
      const el = document.createElement(tag)
      el.textContent = text
      return el
    }
    const time = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    region.toggleAttribute('data-sent', !items.length && sent.length > 0)
    if (items.length) {
      const list = document.createElement('ul')
      list.className = 'mt-1 list-disc pl-5'
      items.forEach((w) => list.append(line('li', `${w.label}, saved ${time(w.at)}`)))
      region.replaceChildren(line('strong', `${items.length} waiting to send`), line('p', 'No connection: kept on this phone and sent when the signal returns.'), list)
    } else region.replaceChildren(...(sent.length ? [line('strong', 'Sent'), line('p', sent.join('; '))] : []))
  }

  // Neither phones nor Chromium reliably fire `online` when the signal returns, so while anything waits
  // it is tried again after a second, then twice as long each time up to the 20 s interval; showing,
  // focusing or revealing the page tries at once and starts the backoff over.
  let retryMs = 1000
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  const retryNow = () => {
    retryMs = 1000
    void sendWaiting()
  }

  async function sendWaiting() {
    if (sending || !queueRegion()) return
    sending = true
    const sent: string[] = []
    let last: Response | null = null
    let left = false
    try {
      for (const w of await waiting<Waiting[]>('readonly', (s) => s.getAll())) {
        left = true
        const body = new FormData()
        w.entries.forEach(([name, value]) => body.append(name, value))
        const res = await fetch(w.url, { method: 'POST', body: asSent(body), credentials: 'same-origin', headers: { 'Idempotency-Key': w.key, Accept: 'text/html' } })
        // Not taken (the server down, busy or out of time): it stays on the phone for the next try.
        if (res.status >= 500 || res.status === 429 || res.status === 408) break
        await waiting('readwrite', (s) => s.delete(w.id))
        sent.push(w.label)
        last = res
        left = false
      }
    } catch {
      // Still no signal: the rest waits for the next try.
    } finally {
      sending = false
    }
    clearTimeout(retryTimer)
    if (left) {
      retryTimer = setTimeout(sendWaiting, retryMs)
      retryMs = Math.min(retryMs * 2, 20_000)
    }
    // Nothing was waiting: what the region says (a "Sent" a moment ago) stays.
    else if (!sent.length) return
    // The answer to the last one carries its toast; another page's answer, or one that would wipe what
    // the runner is typing, is not swapped in.
    try {
      if (last && !busy && !writing() && new URL(last.url).pathname === location.pathname) swap(await last.text(), location.href, false, true)
    } finally {
      await showQueue(sent)
    }
  }

  document.addEventListener('click', (e) => {
    const link = (e.target as Element).closest?.('a[href]') as HTMLAnchorElement | null
    if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    const lang = link.getAttribute('hreflang')
    if (lang) {
      try {
        localStorage.setItem(LANGUAGE_KEY, lang)
      } catch {
        // Private browsing can refuse storage; the cookie still remembers the choice.
      }
    }
    if (link.target || !samePage(link.href) || link.hash) return
    e.preventDefault()
    if (!link.closest('[role=dialog]')) dialogOpener = signature(link)
    void go(link.href, {}, !link.hasAttribute('data-replace'), () => location.assign(link.href))
  })

  document.addEventListener('keydown', (e) => {
    if (e.key === 'F8') document.getElementById('toast-region')?.focus()
    const dialog = document.querySelector<HTMLElement>(MODAL)
    if (!dialog) return
    if (e.key === 'Escape') {
      const close = dialog.querySelector<HTMLAnchorElement>('a[data-dialog-close]')
      if (close) {
        e.preventDefault()
        close.click()
      }
    }
    if (e.key === 'Tab') {
      const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE))
      if (items.length === 0) return
      const first = items[0]!
      const last = items[items.length - 1]!
      const inside = dialog.contains(document.activeElement)
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault()
        first.focus()
      }
    }
  })

  document.addEventListener('click', (e) => {
    const dismiss = (e.target as Element).closest?.('[data-toast-dismiss]')
    dismiss?.closest('[data-testid=toast]')?.remove()
  })

  // Back and Forward between pages this script swapped in: the page at that address, swapped in as a
  // link's would be (so Back from a dialog lands where the page under it was); a reload if busy.
  window.addEventListener('popstate', () => {
    if (location.href.split('#')[0] === painted) return
    if (busy) return location.reload()
    void go(location.href, {}, false, () => location.reload())
  })

  function openDialog(dialog: HTMLElement) {
    const field = dialog.querySelector<HTMLElement>('input:not([type=hidden]):not([tabindex="-1"]), select, textarea')
    ;(field ?? dialog).focus({ preventScroll: true })
  }

  /** After the first frame: work a tap needs but the first paint does not. */
  const afterPaint = (work: () => void) => requestAnimationFrame(() => setTimeout(work, 0))
  /** After the page has loaded: work no first tap needs (a slow phone's main thread is free for the page until then). */
  const afterLoad = (work: () => void) =>
    document.readyState === 'complete' ? setTimeout(work, 0) : window.addEventListener('load', () => setTimeout(work, 0), { once: true })

  function start() {
    const page = document.querySelector<HTMLElement>('[data-enhance]')
    if (page?.dataset.langInUrl === 'false') {
      const languages = (page.dataset.languages ?? '').split(' ')
      let stored: string | null = null
      try {
        stored = localStorage.getItem(LANGUAGE_KEY)
      } catch {
        stored = null
      }
      if (stored && languages.includes(stored) && stored !== document.documentElement.lang) {
        const url = new URL(location.href)
        url.searchParams.set('lang', stored)
        location.replace(url.href)
        return
      }
    }
    // The proof's pads and an open dialog's focus: before the first tap, but not inside the parse of
    // the page, where focusing a field forced a whole layout before the first paint (issue 36, item 5).
    // Two tasks, so neither holds the main thread long on a slow phone.
    afterPaint(() => wireProof(document))
    afterPaint(() => {
      const dialog = document.querySelector<HTMLElement>(MODAL)
      if (dialog && !dialog.contains(document.activeElement)) openDialog(dialog)
    })
    if (queueRegion()) {
      // The offline machinery waits for the page to finish loading, so it never competes with first paint.
      afterLoad(() => {
        navigator.serviceWorker?.register('/offline-worker.js', { scope: `/${location.pathname.split('/')[1]}/` }).catch(() => {})
        ;['online', 'pageshow', 'focus'].forEach((type) => window.addEventListener(type, retryNow))
        document.addEventListener('visibilitychange', () => document.hidden || retryNow())
        setInterval(sendWaiting, 20_000)
        void showQueue([]).then(sendWaiting, () => {})
        // Once the page has settled, fetch its dialogs (the proof form) so the worker has them for a dead zone.
        setTimeout(() => document.querySelectorAll<HTMLAnchorElement>('a[href*="dialog="]').forEach((a) => samePage(a.href) && void fetch(a.href, { headers: { Accept: 'text/html' } }).catch(() => {})), 3000)
      })
    }
    if (!page) return
    // The scan report and the live stream once the page has loaded: no first tap needs them.
    afterLoad(() => {
      if (page.dataset.scanUrl) void fetch(page.dataset.scanUrl, { method: 'POST', credentials: 'same-origin' }).catch(() => {})
      // Fetched again only while seen and not being typed into; a change heard meanwhile waits its turn.
      let stale = false
      const refresh = () => {
        if (document.hidden || writing() || busy) return void (stale = true)
        stale = false
        void go(location.href, {}, false, () => (stale = true), true).then(() => document.querySelector('[data-live-src]') || live?.close())
      }
      const live = page.dataset.liveSrc && window.EventSource ? new EventSource(page.dataset.liveSrc) : null
      live?.addEventListener('changed', refresh)
      document.addEventListener('visibilitychange', () => stale && refresh())
      // A change heard while someone was writing is fetched once they leave the field.
      document.addEventListener('focusout', () => stale && setTimeout(refresh, 0))
      const every = Number(page.dataset.refreshMs)
      if (every > 0) setInterval(refresh, every)
    })
  }
  start()
}
