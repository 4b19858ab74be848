// The HTTP server around Remix: one place for compression, static files, headers, limits and mocks.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import morgan from 'morgan'
import { env } from '~/lib/env.server'
import { withActorContext } from '~/lib/actor-context.server'
import { abuseLimits, bodySizeCaps, type AbuseLimitSettings } from './abuse-limits'
import { compressAnswers } from './compression'
import { cspNonce, refuseCrossSiteWrites, securityHeaders } from './security'
import { directJsonLane } from './direct-json'
import { drainUnreadBodies } from './unread-bodies'
import { vendorPageCache, type VendorPageHooks } from './page-cache'
import { routeWritesToPrimary } from './replica'
import { jsonRequestLog, requestId } from './request-log'
import { routeGuard, withReadableBodies } from './route-guard'
import { contractedRoutes } from './route-contracts'
import type { RouteContractsContext } from '~/areas/organisation/route-contract'
import { DEFAULT_RATE_LIMITS, anonymousWriteLimit, signInLimit, type IdentifyManager, type RateLimitSettings } from './rate-limits'

export type ServerAppOptions = {
  /** The Remix build, or a getter for it so development can swap builds without a restart. */
  build: ServerBuild | (() => Promise<ServerBuild> | ServerBuild)
  mode: 'development' | 'production' | 'test'
  publicDir?: string
  rateLimits?: Partial<RateLimitSettings>
  /** Load tests only: no rate limits at all (RATE_LIMIT_DISABLED=true). */
  rateLimitsDisabled?: boolean
  /** Tells a signed-in manager's writes from anonymous ones for the limits (services/auth's getManager). */
  identifyManager?: IdentifyManager
  /** Extra handlers mounted before Remix, e.g. the mock identity provider's authorize page. */
  mount?: (app: express.Express) => void
  logRequests?: boolean
  abuseLimits?: Partial<AbuseLimitSettings>
  /** What the vendor page cache asks of the app: storefront stamps, and scans of replayed first visits. */
  vendorPages: VendorPageHooks
}

export function createServerApp(options: ServerAppOptions) {
  const app = express()
  const production = options.mode === 'production'
  const publicDir = options.publicDir ?? path.resolve('public')
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }

  app.disable('x-powered-by')
  // Remix reads the URL itself; the few flat keys read here (lang, token, _data) need no nested-object
  // parser, and qs on every request was a visible share of serving a kept vendor page.
  app.set('query parser', 'simple')
  app.use(requestId)
  app.use(drainUnreadBodies)
  if (process.env.FLY_APP_NAME) app.set('trust proxy', true)
  app.use(compressAnswers())

  // Fingerprinted build output never changes under the same name; everything else briefly cached.
  app.use('/build', express.static(path.join(publicDir, 'build'), { immutable: true, maxAge: '1y' }))
  // Only paths under public/'s own entries reach the disk: any other request would cost a stat() first.
  const publicEntries = new Set(fs.existsSync(publicDir) ? fs.readdirSync(publicDir).filter((name) => name !== 'build') : [])
  const publicFiles = express.static(publicDir, { maxAge: '1h' })
  app.use((req, res, next) => (publicEntries.has(req.path.split('/')[1]!) ? publicFiles(req, res, next) : next()))

  if (options.logRequests) app.use(production ? jsonRequestLog : morgan('dev'))

  const providerOrigin = env().OIDC_ISSUER ? [new URL(env().OIDC_ISSUER!).origin] : []
  app.use(cspNonce)
  app.use(withActorContext)
  app.use(securityHeaders({ production, formTargets: providerOrigin }))
  app.use(refuseCrossSiteWrites(() => (env().PUBLIC_URL ? [new URL(env().PUBLIC_URL!).origin] : [])))

  // Before anything that could touch the database: on a LiteFS replica, writes go to the primary.
  app.use(routeWritesToPrimary())

  // The sign-in exchange itself; merely looking at /login is not limited.
  const limitsOff = options.rateLimitsDisabled ?? env().RATE_LIMIT_DISABLED
  // Body caps guard memory, not fairness: they stay on when the rate limits are switched off.
  app.use(bodySizeCaps())
  if (limitsOff) {
    console.warn('WARNING: RATE_LIMIT_DISABLED=true: every rate limit is off. For load tests only, never a real deployment.')
  } else {
    app.use('/auth', signInLimit(limits))
    app.use(anonymousWriteLimit(limits, options.identifyManager))
    app.use(abuseLimits(options.abuseLimits))
  }

  options.mount?.(app)
  // Not in development: a rebuilt page must show at once, and a rebuild commits nothing.
  const keptPages = options.mode !== 'development' ? vendorPageCache(options.vendorPages, { logRequests: options.logRequests && production }) : undefined
  if (keptPages) app.use(keptPages.middleware)

  // In production the build never changes: handing Remix the object (not a getter) lets it derive
  // its route table once instead of on every request. Development keeps the getter for reloads.
  const given = options.build
  const resolved = production && typeof given === 'function' ? given() : given
  const build =
    typeof resolved === 'function'
      ? async () => withReadableBodies(await resolved())
      : resolved instanceof Promise
        ? async () => withReadableBodies(await resolved)
        : withReadableBodies(resolved)
  // Wrong methods and bodies that are not forms are answered here, once for every route.
  app.use(routeGuard(async () => (typeof build === 'function' ? build() : build)))
  app.use(directJsonLane())
  // For the OpenAPI document and /docs/api: the routes' contracts, derived once per build.
  const routeContracts = async () => contractedRoutes(typeof build === 'function' ? await build() : build)
  app.all(
    '*',
    createRequestHandler({
      build,
      mode: options.mode,
      getLoadContext: (_req, res): { cspNonce: string } & RouteContractsContext => ({ cspNonce: res.locals.cspNonce as string, routeContracts }),
    }),
  )
  return Object.assign(app, { frontDoor: keptPages?.frontDoor ?? (() => false) })
}

export type ServerApp = ReturnType<typeof createServerApp>

/**
 * Listens with the front door first: a current kept vendor page is answered before Express (its
 * request and response objects, its middleware) is involved at all (issue 36, item 4).
 */
export function listen(app: ServerApp, port: number, onListening?: () => void) {
  return http.createServer((req, res) => app.frontDoor(req, res) || app(req, res)).listen(port, onListening)
}
