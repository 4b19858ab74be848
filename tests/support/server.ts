// The real app (the Remix build behind our Express server) on a free port, for integration tests.
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import url from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { afterAll, beforeAll } from 'vitest'
import { createServerApp, listen } from '../../server/http/express-app'
import type { RateLimitSettings } from '../../server/http/rate-limits'
import type { AbuseLimitSettings } from '../../server/http/abuse-limits'
import { getManager } from '~/areas/people/auth.server'
import { countScan } from '~/areas/catalogue/scan.server'
import { storefrontStamp } from '~/areas/catalogue/storefront-stamp.server'
import { MOCK_AUTHORIZE_PATH, mockAuthorize } from '../mocks/auth'
import { TestClient } from './client'

export type TestServer = { url: string; client: () => TestClient; close: () => Promise<void> }

export async function startTestServer(
  options: { rateLimits?: Partial<RateLimitSettings>; abuseLimits?: Partial<AbuseLimitSettings>; rateLimitsDisabled?: boolean } = {},
): Promise<TestServer> {
  const build = (await import(url.pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild
  const app = createServerApp({
    build,
    mode: 'test',
    // Tests sign in many times from one address; a test of the limit itself passes its own.
    rateLimits: { signInPerMinute: 10_000, anonymousWritesPerMinute: 10_000, ...options.rateLimits },
    mount: (a) => a.get(MOCK_AUTHORIZE_PATH, mockAuthorize),
    abuseLimits: { scansPerMinute: 10_000, uploadsPerMinute: 10_000, ...options.abuseLimits },
    identifyManager: async (request) => (await getManager(request))?.userId,
    vendorPages: { storefrontStamp, countScan },
    rateLimitsDisabled: options.rateLimitsDisabled,
  })
  const server = listen(app, 0)
  // As server.ts does: with Node's 5 s, a connection idle while a test writes rows straight to the
  // database can be closed just as the client sends on it again (ECONNRESET on a busy machine).
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    client: () => new TestClient(base),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Starts one server for the test file and closes it afterwards. */
export function withTestServer(options?: Parameters<typeof startTestServer>[0]) {
  const handle = {} as { current: TestServer }
  beforeAll(async () => {
    handle.current = await startTestServer(options)
  })
  afterAll(async () => {
    await handle.current?.close()
  })
  return {
    get url() {
      return handle.current.url
    },
    client: () => handle.current.client(),
    /** A browser-like client already signed in as this e-mail (through the whole mocked code flow). */
    signedIn: async (email: string) => {
      const c = handle.current.client()
      await c.signIn(email)
      return c
    },
  }
}
