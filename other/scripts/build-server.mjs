// Builds the production server (build/server.js) and the migration script as one bundle with the
// Remix build and the packages they use (decision 149). A woken machine's start is almost all module
// loading: one bundle is read as a few files where ~130 were resolved, read and lexed one by one, and
// a package the server and the Remix build both use is loaded once, not twice.
// Development does not use this bundle: `npm run dev` runs server.ts with tsx and reloads the build.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'

/** Left in node_modules, each for its reason (build-server.test.ts holds the bundle to this list). */
export const external = [
  // Native code or an engine loaded from its package's folder.
  '@prisma/client',
  '.prisma/*',
  'better-sqlite3',
  'sharp',
  // Read from their own folders at run time (pdf.server.ts resolves fonts and pdfkit's files).
  'pdfmake',
  'pdfkit',
  // Only with MOCKS=true or under `npm run dev`: never part of a production start.
  'msw',
  'msw/*',
  '@mswjs/interceptors/*',
  'chokidar',
  // Large and off the first answer's path: Remix's fetch copies load only with mocks (decision 148);
  // iconv-lite's tables load only when a body arrives in a charset other than UTF-8.
  'undici',
  '@remix-run/web-fetch',
  'web-streams-polyfill',
  'iconv-lite',
]

export const BUNDLE_METAFILE = 'build/server-bundle.meta.json'

/** server.ts imports the build by this name in production, so the bundle carries it (see remix.env.d.ts). */
const remixBuild = {
  name: 'remix-build',
  setup(build) {
    build.onResolve({ filter: /^stockrun:remix-build$/ }, () => ({ path: path.resolve('build/index.js') }))
  },
}

async function buildServer() {
  // Chunks are named by their content: without this, every build's chunks would pile up beside the last.
  fs.rmSync('build/server-chunks', { recursive: true, force: true })
  const result = await esbuild.build({
    entryPoints: ['server.ts', 'other/scripts/migrate.ts'],
    outdir: 'build',
    entryNames: '[name]',
    chunkNames: 'server-chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    // A dynamic import stays dynamic: the mocks, mail, jobs and PDFs load when first needed (decision 062).
    splitting: true,
    external,
    plugins: [remixBuild],
    // Bundled CommonJS packages call require() for Node's own modules; an ES module has none of its own.
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    // Packages pick their production code once, here, as the Remix build already does for the app.
    define: { 'process.env.NODE_ENV': '"production"' },
    // Less text to read and parse at start; names are kept so a logged stack trace still reads.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    metafile: true,
  })
  // What went into the bundle and what it still imports: build-server.test.ts reads it.
  fs.writeFileSync(BUNDLE_METAFILE, JSON.stringify(result.metafile))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer()
