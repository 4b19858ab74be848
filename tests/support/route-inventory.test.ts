// The inventory is complete and true: every route file is classified, every entry has its file, and
// each entry's kind and methods are what the built app actually serves.
import path from 'node:path'
import url from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { expect, test } from 'vitest'
import { allowedMethods } from '~/lib/server/route-guard'
import { routeFiles } from './route-files'
import { ROUTE_INVENTORY } from './route-inventory'

const files = routeFiles()

test('every module under app/routes has an inventory entry, and every entry a module', () => {
  const unclassified = files.map((f) => f.file).filter((file) => !(file in ROUTE_INVENTORY))
  const orphaned = Object.keys(ROUTE_INVENTORY).filter((file) => !files.some((f) => f.file === file))
  expect(
    unclassified.map((f) => `app/routes/${f} is not classified: add one line for it to tests/support/route-inventory.ts`),
    'unclassified routes',
  ).toEqual([])
  expect(
    orphaned.map((f) => `tests/support/route-inventory.ts lists ${f}, but app/routes/${f} does not exist: remove or rename the entry`),
    'entries without a route',
  ).toEqual([])
})

test("each entry's kind and methods match the built route module", async () => {
  const build = (await import(url.pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild
  const wrong: string[] = []
  for (const f of files) {
    const entry = ROUTE_INVENTORY[f.file]
    if (!entry) continue
    const id = `routes/${f.file.replace(/\.(tsx|ts)$/, '')}`
    const route = build.routes[id]
    if (!route) {
      wrong.push(`${f.file}: not in the build (run npm run build)`)
      continue
    }
    const served = allowedMethods(route.module)
    if (served.join(',') !== entry.methods.join(',')) wrong.push(`${f.file}: inventory says ${entry.methods.join(', ')}, the route serves ${served.join(', ')}`)
    if ((entry.kind === 'page') !== f.isPage) wrong.push(`${f.file}: inventory kind ${entry.kind}, but it ${f.isPage ? 'is' : 'is not'} a page`)
    if (entry.kind === 'api' && !f.url.startsWith('/api/')) wrong.push(`${f.file}: kind api outside /api`)
  }
  expect(wrong).toEqual([])
})
