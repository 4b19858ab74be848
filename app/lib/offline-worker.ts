// The service worker of runners' pages (decision 047). It is registered with the scope /runner/ or
// /delivery/ only, so manager pages and /api never pass through it, and it caches nothing but the
// last copy of those pages (network first) so a runner who loses signal can still reopen the page
// and see and add to what is waiting to send. It never touches a POST: the page queues those itself
// (page-enhancer.ts) and sends them with their idempotency keys; on a LiteFS replica a POST is
// replayed to the primary as usual. Bundled from app/enhancers/offline-worker.ts (decision 123).
// Typed loosely: the worker's global scope is not in the DOM library this project compiles against.

type FetchEventLike = Event & { request: Request; respondWith(r: Promise<Response>): void; waitUntil(p: Promise<unknown>): void }
type WorkerScopeLike = {
  addEventListener(type: string, listener: (e: FetchEventLike) => void): void
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<Array<{ url: string }>> }
  registration: { scope: string }
}

export function offlineWorker(worker: WorkerScopeLike) {
  const PAGES = 'runner-pages-v1'
  worker.addEventListener('install', () => void worker.skipWaiting())
  // The page that installed the worker loaded before it: keep a copy of it now, not only from the next visit.
  const keepOpenPages = async () => {
    const pages = (await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((c) => c.url.startsWith(worker.registration.scope))
    const kept = await caches.open(PAGES)
    await Promise.all(pages.map((c) => kept.add(c.url).catch(() => {})))
  }
  worker.addEventListener('activate', (e) => e.waitUntil(worker.clients.claim().then(keepOpenPages)))
  worker.addEventListener('fetch', (e) => {
    const request = e.request
    // Page loads, and the enhancer's own fetches of a page (a dialog is a page: ?dialog=proof); nothing else.
    const page = request.mode === 'navigate' || (request.headers.get('accept') ?? '').startsWith('text/html')
    if (request.method !== 'GET' || !page || !request.url.startsWith(worker.registration.scope)) return
    e.respondWith(
      fetch(request).then(
        (res) => {
          if (res.status === 200) {
            const copy = res.clone()
            e.waitUntil(caches.open(PAGES).then((c) => c.put(request, copy)))
          }
          return res
        },
        async () => (await caches.match(request)) ?? (await caches.match(request, { ignoreSearch: true })) ?? Response.error(),
      ),
    )
  })
}
