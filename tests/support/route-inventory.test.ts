// The inventory is complete and true: every route module declares its contract, every contract has
// its file, and each contract's kind and methods are what the built app actually serves.
import path from 'node:path'
import url from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { expect, test } from 'vitest'
import { allowedMethods } from '../../server/http/route-guard'
import { routeFiles } from './route-files'
import { CONTRACTS_WITHOUT_FILE, ROUTE_INVENTORY } from './route-inventory'

const files = routeFiles()

test('every module under app/routes has an inventory entry, and every entry a module', () => {
  const unclassified = files.map((f) => f.file).filter((file) => !(file in ROUTE_INVENTORY))
  const orphaned = CONTRACTS_WITHOUT_FILE
  expect(
    unclassified.map((f) => `app/routes/${f} declares no contract: export one (\`export const contract: RouteContract = { … }\`, app/lib/route-contract.ts), then npm run build`),
    'unclassified routes',
  ).toEqual([])
  expect(
    orphaned.map((id) => `the build has a contract for ${id}, but app/routes has no such file: run npm run build`),
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
