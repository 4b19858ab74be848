#!/usr/bin/env node
// `npm run bench`: runs every other/bench/*.bench.mjs in turn against a production build, prints
// one table and writes bench/results.json as [{ name, figure, unit, budget, ratio?, pass }].
// A bench's run() returns either those rows or the older { name: "figure text" } object (shown,
// never judged). Benchmarks measure; tests never time anything.
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
// Said before the first bench, not after ten minutes of them (the README names the package).
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium'
if (files.some((f) => f.includes('lighthouse')) && !fs.existsSync(chrome)) {
  console.error(`The Lighthouse rows need Chromium at ${chrome}: apt-get install chromium, or set CHROME_PATH`)
  process.exit(1)
}

/** Either form of a bench's answer, as rows. */
export function toRows(answer) {
  if (Array.isArray(answer)) return answer
  return Object.entries(answer ?? {}).map(([name, value]) => ({ name, figure: value, unit: '', budget: null, pass: null }))
}

const verdict = (pass) => (pass === true ? 'pass' : pass === false ? 'FAIL' : '')
const started = performance.now()
const results = []
for (const file of files) {
  const bench = await import(pathToFileURL(path.join(here, file)).href)
  console.log(`\n## ${bench.title ?? file}`)
  const rows = toRows(await bench.run())
  for (const r of rows) {
    const figure = `${r.figure}${r.unit && r.unit !== 'count' ? ` ${r.unit}` : ''}${r.ratio !== undefined ? ` (${r.ratio}×)` : ''}`
    console.log(`${String(r.name).padEnd(64)} ${figure.padEnd(22)} ${String(r.budget ?? '').padEnd(16)} ${verdict(r.pass)}`)
  }
  results.push(...rows)
}
fs.mkdirSync('bench', { recursive: true })
fs.writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`)
const failed = results.filter((r) => r.pass === false)
console.log(`\n${results.length} figures in ${((performance.now() - started) / 1000).toFixed(0)} s, written to bench/results.json; ${failed.length ? `${failed.length} over budget` : 'every budget met'}.`)
if (failed.length) process.exitCode = 1
