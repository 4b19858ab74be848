// Our patches to Remix's server rendering (patches/, decisions 061 and 150): every page is rendered
// from the route tree made once per build, not rebuilt from ~220 routes for each page. A version bump
// that drops or changes a patched function fails here, not silently in the bench.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import v8 from 'node:v8'
import vm from 'node:vm'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { withTestServer } from '../../tests/support/server'

const require = createRequire(import.meta.url)
const app = withTestServer()

afterEach(() => vi.restoreAllMocks())

describe('the patched routing libraries', () => {
  // patch-package only warns when the installed version is not the patched one: an upgrade must come
  // with a new look at each patch (React Router 7 made these caches its own: remix-run/react-router#14967).
  test('are the versions our patches were written for', () => {
    const patched = fs.readdirSync(path.resolve('patches')).filter((f) => /^(@remix-run|react-router)/.test(f)).sort()
    expect(patched).toEqual(['@remix-run+react+2.17.5.patch', '@remix-run+router+1.23.3.patch', 'react-router-dom+6.30.4.patch'])
    const installed = (name: string) => (require(`${name}/package.json`) as { version: string }).version
    expect([installed('@remix-run/react'), installed('@remix-run/router'), installed('react-router-dom')]).toEqual(['2.17.5', '1.23.3', '6.30.4'])
  })
})

describe('pages rendered one after another', () => {
  test('share the route tree made for the first, and each still shows its own page', async () => {
    const c = app.client()
    expect((await c.get('/login')).status).toBe(200)
    const remixRoutes = require('@remix-run/react/dist/routes.js') as { createServerRoutes: () => unknown }
    const router = require('@remix-run/router') as { UNSAFE_convertRoutesToDataRoutes: () => unknown }
    const madeServerRoutes = vi.spyOn(remixRoutes, 'createServerRoutes')
    const madeDataRoutes = vi.spyOn(router, 'UNSAFE_convertRoutesToDataRoutes')

    const login = await c.get('/login')
    const missing = await c.get('/no-such-page')
    const reference = await c.get('/docs/api')

    expect(login.status).toBe(200)
    expect(await login.text()).toContain('<form')
    expect(missing.status).toBe(404)
    expect(reference.status).toBe(200)
    expect(await reference.text()).toContain('/api/requests')
    expect(madeServerRoutes).not.toHaveBeenCalled()
    expect(madeDataRoutes).not.toHaveBeenCalled()
  })
})

describe('paths remembered by the route matcher', () => {
  // The splat route ($.tsx) matches any path a visitor sends: remembering each one, 2,000 unique 15 KB
  // paths per route tree ran a 192 MB server out of memory (found in review, decision 150).
  test('are only those of a sensible length, so long unique paths cannot fill the memory', () => {
    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as () => void
    const router = require('@remix-run/router') as { matchRoutes: (routes: object[], path: string) => { route: { id: string } }[] | null }
    const routes = [{ id: 'root', path: '/', children: [{ id: 'vendor', path: 'vendor/:propertyId' }, { id: 'splat', path: '*' }] }]
    expect(router.matchRoutes(routes, '/vendor/abc')?.at(-1)?.route.id).toBe('vendor')
    gc()
    const before = process.memoryUsage().heapUsed
    for (let i = 0; i < 1900; i++) expect(router.matchRoutes(routes, `/${i}-${'x'.repeat(20_000)}`)?.at(-1)?.route.id).toBe('splat')
    gc()
    // Remembered, those paths alone would hold 1,900 × 20 KB ≈ 38 MB.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(10 * 1024 * 1024)
  })
})
