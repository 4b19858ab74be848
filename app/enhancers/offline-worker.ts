// Entry of build/enhancers/offline-worker.js: the runners' pages' service worker, served as /offline-worker.js.
import { offlineWorker } from '~/lib/offline-worker'

offlineWorker(self as unknown as Parameters<typeof offlineWorker>[0])
