// What a vendor's phone downloads for the request page (issue 4's weight budget), gzipped as the
// server sends it: the HTML with its CSS (what a phone without JavaScript needs) under 30 KB, and
// every script the page loads under 150 KB. Measured on the demo data (twelve products a property).
import { spawnSync } from 'node:child_process'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import { startServer } from './server.mjs'

export const title = 'Vendor request page weight (gzipped)'

const HTML_AND_CSS_BUDGET = 30 * 1024
const JS_BUDGET = 150 * 1024

const gz = (text) => zlib.gzipSync(Buffer.from(text)).length
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

async function text(url) {
  const res = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })
  if (!res.ok) throw new Error(`${url}: ${res.status}`)
  return res.text()
}

/** Every script the page loads at start: the ones it names, and what they import, transitively. */
async function scriptsOf(html, base) {
  const seen = new Map()
  const queue = [...html.matchAll(/(?:href|src)="(\/build\/[^"]+\.js)"|import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/build\/[^"]+\.js)"/g)].map(
    (m) => new URL(m[1] ?? m[2], base).href,
  )
  while (queue.length) {
    const url = queue.shift()
    if (seen.has(url)) continue
    const source = await text(url)
    seen.set(url, source)
    // Static imports and re-exports only: import("…") loads later, on demand.
    for (const m of source.matchAll(/\bfrom\s*["']([^"']+\.js)["']|\bimport\s*["']([^"']+\.js)["']/g)) {
      queue.push(new URL(m[1] ?? m[2], url).href)
    }
  }
  return seen
}

async function weigh(base, path) {
  const html = await text(base + path)
  const css = await Promise.all([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => text(new URL(m[1], base).href)))
  const scripts = await scriptsOf(html, base)
  const htmlGz = gz(html)
  const cssGz = css.reduce((sum, c) => sum + gz(c), 0)
  const jsGz = [...scripts.values()].reduce((sum, s) => sum + gz(s), 0)
  return { htmlGz, cssGz, jsGz, files: scripts.size }
}

export async function run() {
  const server = await startServer({ port: 3904 })
  try {
    const seeded = spawnSync('npx', ['tsx', 'prisma/seed.ts'], {
      env: { ...process.env, DATABASE_URL: `file:${server.database}` },
      stdio: 'ignore',
    })
    if (seeded.status !== 0) throw new Error('Seeding the demo data failed')
    const db = new Database(server.database, { readonly: true })
    const { id } = db.prepare('SELECT id FROM "Property" WHERE "isActive" = 1 ORDER BY "createdAt" LIMIT 1').get()
    db.close()

    const rows = {}
    let worst = { htmlAndCss: 0, js: 0 }
    for (const lang of ['en', 'hi', 'uk']) {
      const w = await weigh(server.url, `/vendor/${id}/request?lang=${lang}`)
      rows[`request page, ${lang}: HTML + CSS`] = `${kb(w.htmlGz + w.cssGz)} (HTML ${kb(w.htmlGz)}, CSS ${kb(w.cssGz)})`
      rows[`request page, ${lang}: JavaScript`] = `${kb(w.jsGz)} in ${w.files} files`
      worst = { htmlAndCss: Math.max(worst.htmlAndCss, w.htmlGz + w.cssGz), js: Math.max(worst.js, w.jsGz) }
    }
    const verdict = (bytes, budget) => `${kb(bytes)} of ${kb(budget)}: ${bytes <= budget ? 'within budget' : 'OVER BUDGET'}`
    rows['budget: HTML + CSS (heaviest language)'] = verdict(worst.htmlAndCss, HTML_AND_CSS_BUDGET)
    rows['budget: JavaScript (heaviest language)'] = verdict(worst.js, JS_BUDGET)
    if (worst.htmlAndCss > HTML_AND_CSS_BUDGET || worst.js > JS_BUDGET) process.exitCode = 1
    return rows
  } finally {
    server.stop()
  }
}
