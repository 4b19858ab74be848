// The accessibility audit reaches only the pages the inventory lists: a page added without an entry, or
// an entry left behind by a removed page, fails here rather than going unaudited.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { PAGES, isPageModule } from './page-inventory'

/** A route module of app/routes, its `+` folders included: not a component or `*.server.ts` kept beside it. */
function isRouteModulePath(file: string) {
  const folders = file.replace(/\+\//g, '.').split('/').slice(0, -1).filter((d) => !d.endsWith('+'))
  if (folders.length === 0) return !/\.server\.tsx?$/.test(file)
  // Remix's own folder route: `name/route.tsx`, with its helpers beside it.
  return folders.length === 1 && /\/route\.tsx?$/.test(file)
}

const routesDir = path.resolve('app/routes')

function pageRouteFiles() {
  return fs
    .readdirSync(routesDir, { recursive: true })
    .map(String)
    .filter(isRouteModulePath)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => isPageModule(fs.readFileSync(path.join(routesDir, file), 'utf8')))
}

describe('the page inventory', () => {
  test('lists every page route file, and the app error page', () => {
    const listed = new Set(PAGES.map((p) => p.file))
    const missing = pageRouteFiles().filter((file) => !listed.has(file))
    expect(missing, 'pages without an entry in tests/support/page-inventory.ts').toEqual([])
    expect(listed.has('root.tsx')).toBe(true)
  })

  test('lists only files that exist and answer a page, each once', () => {
    const files = PAGES.map((p) => p.file)
    expect(files.length).toBe(new Set(files).size)
    const pages = new Set(pageRouteFiles())
    const stale = files.filter((file) => file !== 'root.tsx' && !pages.has(file))
    expect(stale, 'entries whose route file is gone or is not a page').toEqual([])
  })

  test('gives every page at least one view to audit', () => {
    const empty = PAGES.filter((p) => !p.layout && p.views.length === 0).map((p) => p.file)
    expect(empty).toEqual([])
  })

  test('tells resource routes from pages by their default export', () => {
    expect(isPageModule("export default function Page() {\n  return null\n}")).toBe(true)
    expect(isPageModule('export async function loader() {}\nexport const action = apiAction(() => null)')).toBe(false)
  })
})
