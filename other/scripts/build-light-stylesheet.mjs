// Builds build/light-stylesheet.css: the stylesheet that vendors', runners' and requesters' pages
// inline (decision 040), holding only the classes those pages can use. The whole app's sheet is
// ~45 KB, most of it manager screens' classes; a phone parses and matches every rule of what it is
// sent, before the first paint and again for each element a swap brings in (decision 153).
// The pages are found, not listed: every route whose handle says `hydrate: false`, and everything it,
// the root and the inlined scripts import (esbuild follows the imports), so a new light page or a new
// shared component brings its classes along. `npm run dev` keeps inlining the whole sheet.
import fs from 'node:fs'
import path from 'node:path'
import * as esbuild from 'esbuild'
import postcss from 'postcss'
import tailwind from 'tailwindcss'
import loadConfig from 'tailwindcss/loadConfig.js'

export const LIGHT_STYLESHEET = 'build/light-stylesheet.css'

/** The routes painted without React: their handle says `hydrate: false` (app/lib/light-page.ts). */
function lightRoutes() {
  const found = []
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && /hydrate:\s*false/.test(fs.readFileSync(file, 'utf8'))) found.push(file)
    }
  }
  walk('app/routes')
  return found
}

/**
 * The source files a light page can render: the light routes, the root, the scripts they inline
 * (app/enhancers/, which add elements of their own), and all these import.
 */
async function lightSources() {
  const routes = lightRoutes()
  if (routes.length === 0) throw new Error('No route says hydrate: false; the light stylesheet would be empty')
  const enhancers = fs.readdirSync('app/enhancers').filter((name) => /\.tsx?$/.test(name)).map((name) => path.join('app/enhancers', name))
  const result = await esbuild.build({
    entryPoints: ['app/root.tsx', ...routes, ...enhancers],
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'build/.light-stylesheet',
    platform: 'node',
    format: 'esm',
    packages: 'external',
    alias: { '~': './app' },
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.wav': 'empty' },
    logLevel: 'error',
  })
  return Object.keys(result.metafile.inputs).filter((file) => file.startsWith('app/') && /\.[cm]?[jt]sx?$/.test(file))
}

export async function buildLightStylesheet() {
  const content = await lightSources()
  const config = loadConfig(path.resolve('tailwind.config.ts'))
  const source = fs.readFileSync('app/styles/tailwind.css', 'utf8')
  const { css } = await postcss([tailwind({ ...config, content })]).process(source, { from: 'app/styles/tailwind.css' })
  const { code } = await esbuild.transform(css, { loader: 'css', minify: true })
  fs.mkdirSync(path.dirname(LIGHT_STYLESHEET), { recursive: true })
  fs.writeFileSync(LIGHT_STYLESHEET, code)
  return { files: content.length, bytes: code.length }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, bytes } = await buildLightStylesheet()
  console.log(`${LIGHT_STYLESHEET}: ${(bytes / 1024).toFixed(1)} KB from ${files} source files`)
}
