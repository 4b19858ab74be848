// Starts Stockrun: applies nothing itself (npm scripts migrate first), serves Remix through Express,
// reloads builds in development, and shuts down cleanly on SIGTERM.
import path from 'node:path'
import url from 'node:url'
import fs from 'node:fs'
import type { ServerBuild } from '@remix-run/node'
import { broadcastDevReady, installGlobals } from '@remix-run/node'
import { env } from './app/lib/env.server'
import { db, tuneDatabase } from './app/lib/db.server'
import { createServerApp } from './app/lib/server/express-app'
import { deleteExpiredSessions } from './app/models/session.server'
import { getManager } from './app/services/auth.server'

installGlobals({ nativeFetch: true })

const config = env()
const mode = config.NODE_ENV === 'production' ? 'production' : 'development'
const BUILD_PATH = path.resolve('build/index.js')

async function importBuild(): Promise<ServerBuild> {
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
await deleteExpiredSessions()

const app = createServerApp({
  build: () => build,
  mode,
  mount,
  logRequests: config.LOG_REQUESTS || mode === 'development',
  identifyManager: async (request) => (await getManager(request))?.userId,
  rateLimits: config.SIGN_IN_LIMIT_PER_MINUTE ? { signInPerMinute: config.SIGN_IN_LIMIT_PER_MINUTE } : undefined,
})

const server = app.listen(config.PORT, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  console.log(`Stockrun listening on http://localhost:${port}`)
  if (underRemixDev) broadcastDevReady(build)
})

// Longer than the proxies' and clients' idle timeouts, so they never reuse a socket we just closed.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000

const sessionSweep = setInterval(() => void deleteExpiredSessions().catch(() => {}), 60 * 60 * 1000)
sessionSweep.unref()

let closing = false
function shutdown(signal: string) {
  if (closing) return
  closing = true
  console.log(`${signal} received: finishing open requests, then stopping.`)
  server.close(async () => {
    await db.$disconnect()
    process.exit(0)
  })
  // Keep-alive connections would hold close() open; give them a moment, then go.
  setTimeout(() => process.exit(0), 10_000).unref()
  server.closeIdleConnections?.()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
