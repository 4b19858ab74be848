// The scripts that vendors' and runners' pages inline instead of React (decision 040), and the runners'
// service worker. `npm run build:enhancers` bundles each entry in app/enhancers/ with esbuild into
// build/enhancers/ (decision 123); they are read here once, when the server loads the app, and the
// pages inline them under the request's CSP nonce. In the browser this module is empty: no page that
// inlines them is ever rendered there.
import fs from 'node:fs'
import path from 'node:path'

function built(name: string) {
  const file = path.join(process.cwd(), 'build', 'enhancers', `${name}.js`)
  try {
    return fs.readFileSync(file, 'utf8').trimEnd()
  } catch {
    throw new Error(`${path.relative(process.cwd(), file)} is missing: run npm run build (or npm run build:enhancers)`)
  }
}

/** The page enhancer, with the delivery proof's signature pad and capture (page-enhancer.ts, proof-capture.ts). */
export const PAGE_ENHANCER = built('page')
/** The vendor's photo resizer (photo-enhancer.ts), beside the page enhancer on pages that take photos. */
export const PHOTO_ENHANCER = built('photos')
/** The runner portal's live position (position-sharing.ts). */
export const POSITION_SHARING = built('position-sharing')
/** The runners' pages' service worker (offline-worker.ts), served as /offline-worker.js. */
export const OFFLINE_WORKER = built('offline-worker')
