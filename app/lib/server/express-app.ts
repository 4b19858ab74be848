// The HTTP server around Remix: one place for compression, static files, headers, limits and mocks.
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import morgan from 'morgan'
import { env } from '../env.server'
import { cspNonce, refuseCrossSiteWrites, securityHeaders } from './security'
import { routeGuard, withReadableBodies } from './route-guard'
import { DEFAULT_RATE_LIMITS, anonymousWriteLimit, signInLimit, type IdentifyManager, type RateLimitSettings } from './rate-limits'

export type ServerAppOptions = {
  /** The Remix build, or a getter for it so development can swap builds without a restart. */
  build: ServerBuild | (() => Promise<ServerBuild> | ServerBuild)
  mode: 'development' | 'production' | 'test'
  publicDir?: string
  rateLimits?: Partial<RateLimitSettings>
  /** Tells a signed-in manager's writes from anonymous ones for the limits (services/auth's getManager). */
  identifyManager?: IdentifyManager
  /** Extra handlers mounted before Remix, e.g. the mock identity provider's authorize page. */
  mount?: (app: express.Express) => void
  logRequests?: boolean
}

export function createServerApp(options: ServerAppOptions) {
  const app = express()
  const production = options.mode === 'production'
  const publicDir = options.publicDir ?? path.resolve('public')
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }

  app.disable('x-powered-by')
  if (process.env.FLY_APP_NAME) app.set('trust proxy', true)
  app.use(compression())

  // Fingerprinted build output never changes under the same name; everything else briefly cached.
  app.use('/build', express.static(path.join(publicDir, 'build'), { immutable: true, maxAge: '1y' }))
  app.use(express.static(publicDir, { maxAge: '1h' }))

  if (options.logRequests) app.use(morgan(production ? 'combined' : 'dev'))

  const providerOrigin = env().OIDC_ISSUER ? [new URL(env().OIDC_ISSUER!).origin] : []
  app.use(cspNonce)
  app.use(securityHeaders({ production, formTargets: providerOrigin }))
  app.use(refuseCrossSiteWrites(() => (env().PUBLIC_URL ? [new URL(env().PUBLIC_URL!).origin] : [])))

  // The sign-in exchange itself; merely looking at /login is not limited.
  app.use('/auth', signInLimit(limits))
  app.use(anonymousWriteLimit(limits, options.identifyManager))

  options.mount?.(app)

  const build = options.build
  const currentBuild = async () => withReadableBodies(await (typeof build === 'function' ? build() : build))
  // Wrong methods and bodies that are not forms are answered here, once for every route.
  app.use(routeGuard(currentBuild))
  app.all(
    '*',
    createRequestHandler({
      build: currentBuild,
      mode: options.mode,
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  )
  return app
}
