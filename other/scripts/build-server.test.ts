// The production server is one bundle with the Remix build (decision 149): a package the server and
// the app share loads once, from the bundle, and only the packages left out on purpose are read from
// node_modules when a woken machine starts.
import fs from 'node:fs'
import { isBuiltin } from 'node:module'
import { expect, test } from 'vitest'
import { BUNDLE_METAFILE, external } from './build-server.mjs'

type Metafile = { inputs: Record<string, unknown>; outputs: Record<string, { imports: { path: string; external?: boolean }[] }> }
const metafile = (): Metafile => JSON.parse(fs.readFileSync(BUNDLE_METAFILE, 'utf8'))

/** The package a bare import names: `@scope/name` or `name`. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')
const leftOut = new Set(external.map((pattern) => packageOf(pattern.replace(/\/\*$/, ''))))

test('the production server reads from node_modules only the packages left out on purpose', () => {
  const imported = new Set(
    Object.values(metafile().outputs)
      .flatMap((output) => output.imports)
      .filter((i) => i.external && !isBuiltin(i.path))
      .map((i) => packageOf(i.path)),
  )
  expect([...imported].filter((name) => !leftOut.has(name))).toEqual([])
  // The packages nearly every answer needs are inside the bundle, once.
  for (const shared of ['zod', 'express', 'kysely', 'react-dom', '@remix-run/server-runtime']) expect(imported).not.toContain(shared)
})

test('the Remix build is inside the production server, not loaded beside it', () => {
  expect(Object.keys(metafile().inputs)).toContain('build/index.js')
})
