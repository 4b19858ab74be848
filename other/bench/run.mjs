#!/usr/bin/env node
// `npm run bench`: runs every other/bench/*.bench.mjs in turn against a production build and prints
// its figures. Benchmarks measure; tests never time anything.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const only = process.argv[2]
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))
  .sort()

if (!fs.existsSync(path.resolve('build/server.js'))) {
  console.error('Build first: npm run build')
  process.exit(1)
}
for (const file of files) {
  const bench = await import(pathToFileURL(path.join(here, file)).href)
  console.log(`\n## ${bench.title ?? file}`)
  const rows = await bench.run()
  for (const [name, value] of Object.entries(rows)) console.log(`${name.padEnd(48)} ${value}`)
}
