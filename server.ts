// Starts Stockrun: checks the environment, migrates (primary only, and only when something is
// pending), serves Remix through Express, runs the primary's jobs wherever the lease is, reloads
// builds in development, and shuts down cleanly on SIGTERM.
import path from 'node:path'
import url from 'node:url'
import fs from 'node:fs'
import type { ServerBuild } from '@remix-run/node'
import { broadcastDevReady, installGlobals } from '@remix-run/node'
import { env, productionWarnings } from './app/lib/env.server'
import { currentRole } from './app/lib/litefs.server'
import { log } from './app/lib/log.server'
import { applyPendingMigrations } from './server/migrations.server'
import { startPrimaryJobs } from './server/jobs/primary-jobs.server'
import { applyServerTimeouts } from './server/http/timeouts'

let config: ReturnType<typeof env>
try {
  config = env()
} catch (err) {
  console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: (err as Error).message }))
  process.exit(1)
}
// Remix's own copy of undici, only where outside services are mocked: the mocks' interception of
// Node's built-in fetch lost a replica's relayed scans without it (decision 062). Node 20 has fetch,
// Request, Response, FormData and File built in, which the whole unit suite serves the app with;
// loading the copy was ~90 ms of every start, where a woken machine keeps its first visitor (decision 148).
if (config.mocks) installGlobals({ nativeFetch: true })
for (const warning of productionWarnings(config)) log('warn', warning)

// Only the primary writes, so only it migrates (a replica receives the migrated file from LiteFS).
// Before the database client is loaded, so it opens the migrated schema.
if (currentRole().kind === 'primary') {
  const applied = applyPendingMigrations(config.DATABASE_URL)
  if (applied.length > 0) log('info', 'migrations applied', { migrations: applied })
}
const { db, tuneDatabase } = await import('./app/lib/db.server')
const { createServerApp, listen } = await import('./server/http/express-app')
const { storefrontStamp } = await import('./app/areas/catalogue/storefront-stamp.server')
const { countScan } = await import('./app/areas/catalogue/scan.server')
const mode = config.NODE_ENV === 'production' ? 'production' : 'development'
const BUILD_PATH = path.resolve('build/index.js')

async function importBuild(): Promise<ServerBuild> {
  // Production's bundle carries the build and the packages it shares with this server (decision 149).
  if (mode === 'production') return import('stockrun:remix-build')
  const stamp = fs.statSync(BUILD_PATH).mtimeMs
  return import(`${url.pathToFileURL(BUILD_PATH).href}?t=${stamp}`)
}

let build = await importBuild()

// Only `remix dev` sets this origin; a development-mode server started any other way just serves.
const underRemixDev = mode === 'development' && Boolean(process.env.REMIX_DEV_ORIGIN)

if (underRemixDev) {
  const { watch } = await import('chokidar')
  watch(path.resolve('build/version.txt'), { ignoreInitial: true }).on('all', async () => {
    build = await importBuild()
    broadcastDevReady(build)
  })
}

let mount: ((app: import('express').Express) => void) | undefined
if (config.mocks) {
  const mocks = await import('./tests/mocks/index')
  const auth = await import('./tests/mocks/auth')
  mocks.startMocks()
  mount = (app) => app.get(auth.MOCK_AUTHORIZE_PATH, auth.mockAuthorize)
  console.log('Outside services are mocked (MOCKS=true).')
}

await tuneDatabase()
// The session sweep, WAL mode, geocoding…: on the primary, whenever the lease comes here, and first
// once the server has answered (or a second after it listens): a machine woken by a request answers
// that request before a job's round holds the event loop (issue 36).
let firstAnswered: () => void = () => {}
const firstAnswer = new Promise<void>((resolve) => (firstAnswered = resolve))
// The jobs' code (mail, webhooks, geocoding…) is loaded then too: the first answer does not need it.
const jobs = startPrimaryJobs(async () => (await import('./server/jobs/index.server')).primaryJobs, { firstRoundAfter: firstAnswer })
// QR scans counted while serving pages reach the primary's database from every machine. The relay
// starts with the jobs, after the first answer: scans counted before it are kept for its first round.
const scanRelay = firstAnswer.then(async () => (await import('./server/jobs/scan-relay.server')).startScanRelay())

const app = createServerApp({
  // Remix derives its route tables from a build on every request when given a function, which also
  // defeats the route-matching cache (decision 061): a function only where the build can change.
  build: underRemixDev ? () => build : build,
  mode,
  mount,
  // Production logs every request as JSON unless LOG_REQUESTS=false.
  logRequests: config.LOG_REQUESTS || mode === 'development' || (mode === 'production' && process.env.LOG_REQUESTS !== 'false'),
  // Loaded on the first write that needs it (sign-in code is not on the way to a first page).
  identifyManager: async (request) => (await (await import('./app/areas/people/auth.server')).getManager(request))?.userId,
  rateLimits: {
    ...(config.SIGN_IN_LIMIT_PER_MINUTE ? { signInPerMinute: config.SIGN_IN_LIMIT_PER_MINUTE } : {}),
    ...(config.ANONYMOUS_WRITE_LIMIT_PER_MINUTE ? { anonymousWritesPerMinute: config.ANONYMOUS_WRITE_LIMIT_PER_MINUTE } : {}),
    ...(config.VENDOR_SUBMISSION_LIMIT_PER_MINUTE ? { vendorSubmissionsPerMinute: config.VENDOR_SUBMISSION_LIMIT_PER_MINUTE } : {}),
  },
  vendorPages: { storefrontStamp, countScan },
})

const server = listen(app, config.PORT, () => {
  setTimeout(firstAnswered, 1000).unref()
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  log('info', `Stockrun listening on http://localhost:${port}`, { port, startedInMs: Math.round(performance.now()) })
  if (underRemixDev) broadcastDevReady(build)
})
server.once('request', (_req, res) => res.once('close', firstAnswered))
applyServerTimeouts(server)

// Longer than the proxies' and clients' idle timeouts, so they never reuse a socket we just closed.
server.keepAliveTimeout = 65_000

let closing = false
function shutdown(signal: string) {
  if (closing) return
  closing = true
  log('info', `${signal} received: finishing open requests, then stopping.`)
  server.close(async () => {
    await jobs.stop()
    await (await scanRelay).stop()
    await db.$disconnect()
    process.exit(0)
  })
  // Keep-alive connections would hold close() open; give them a moment, then go.
  setTimeout(() => process.exit(0), 10_000).unref()
  server.closeIdleConnections?.()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
