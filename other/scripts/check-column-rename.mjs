#!/usr/bin/env node
// Issue 35 (decision 120): renaming a column must fail the typecheck in every file that reads or
// writes it, SQL included. This renames ProductRequest.vendorName in a copy of the schema, generates
// the Prisma client's and the SQL builder's types from that copy into a scratch folder (never into
// node_modules or app/lib), typechecks every app file that touches the column (and what it imports)
// against them, and checks that each of those files fails. Exits non-zero when one of them compiles
// cleanly, i.e. when a statement names the column where the compiler cannot see it.
//
// Run on a tree that typechecks (CI runs `npm run typecheck` first): any error in a listed file counts.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const MODEL = 'ProductRequest'
const COLUMN = 'vendorName'
const RENAMED = 'vendorNameRenamed'

/**
 * Files that say vendorName but touch another thing of that name, not ProductRequest's column: they
 * are right to compile. Keep each with its reason.
 */
const OTHER_VENDOR_NAMES = {
  'app/areas/requests/standing-order.server.ts': "StandingOrder's own vendorName column",
  'app/areas/requests/standing-order-runs.server.ts': "StandingOrder's own vendorName column, handed to the intake as input",
  'app/areas/requests/request-csv.server.ts': "the request's view (RequestView), which request.server.ts reads from the column",
  'app/areas/requests/request-document.server.ts': "the request's view (RequestView), which request.server.ts reads from the column",
}

const started = Date.now()
// Inside the checkout (its .cache is ignored by git) so the generated client finds the Prisma runtime in node_modules.
fs.mkdirSync(path.join(root, '.cache'), { recursive: true })
const work = fs.mkdtempSync(path.join(root, '.cache', 'rename-check-'))
const tsconfig = path.join(root, `tsconfig.rename-check-${process.pid}.json`)

function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options })
}

/** App files (not tests) that mention the column in code and touch the database. */
function filesTouchingTheColumn() {
  const listed = run('git', ['grep', '-l', '-w', COLUMN, '--', 'app']).stdout.split('\n').filter(Boolean)
  return listed.filter((file) => {
    if (/\.test\.tsx?$/.test(file) || file === 'app/lib/sql-tables.generated.ts') return false
    const text = fs.readFileSync(path.join(root, file), 'utf8')
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
    const touchesDatabase = /from '(~\/lib\/(db|sql|sql-builder)\.server|@prisma\/client)'/.test(code)
    return touchesDatabase && new RegExp(`\\b${COLUMN}\\b`).test(code)
  })
}

try {
  // 1. The schema with the column renamed, generating into the scratch folder.
  let schema = fs.readFileSync(path.join(root, 'prisma/schema.prisma'), 'utf8')
  const model = new RegExp(`model ${MODEL} \\{[\\s\\S]*?\\n\\}`)
  const block = model.exec(schema)?.[0]
  const renamedBlock = block?.replace(new RegExp(`^(\\s+)${COLUMN}(\\s)`, 'm'), `$1${RENAMED}$2`)
  if (!block || renamedBlock === block) throw new Error(`No ${MODEL}.${COLUMN} in prisma/schema.prisma`)
  schema = schema.replace(block, renamedBlock)
  schema = schema.replace(/(generator client \{[^}]*?)\n\}/, `$1\n  output = "${work}/client"\n}`)
  schema = schema.replace(/(generator kysely \{[^}]*?)output\s*=\s*"[^"]*"/, `$1output = "${work}/kysely"`)
  const schemaFile = path.join(work, 'schema.prisma')
  fs.writeFileSync(schemaFile, schema)

  // 2. Both sets of types from it.
  const generated = run('npx', ['prisma', 'generate', '--schema', schemaFile], { env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? 'file:./unused.db' } })
  if (generated.status !== 0) throw new Error(`prisma generate failed:\n${generated.stdout}${generated.stderr}`)
  const tables = path.join(work, 'kysely', 'sql-tables.generated.ts')
  if (!fs.readFileSync(tables, 'utf8').includes(RENAMED)) throw new Error('The generated tables do not carry the renamed column')

  // 3. The files that touch the column typechecked against them.
  const expected = filesTouchingTheColumn().filter((file) => !(file in OTHER_VENDOR_NAMES))
  if (expected.length === 0) throw new Error(`No app file reads or writes ${MODEL}.${COLUMN}: is the check looking in the right place?`)
  const relative = (p) => `./${path.relative(root, p)}`
  fs.writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: './tsconfig.json',
      // The files that name the column, and what they import: the whole app took twice as long, and
      // a file that only uses a type made from the column proves nothing the files naming it do not.
      // The app's declaration files come too, as in the whole-app typecheck that proved them clean.
      include: ['remix.env.d.ts', 'app/**/*.d.ts', ...expected],
      exclude: ['node_modules', 'build', 'public/build', '.cache', 'app/**/*.test.ts', 'app/**/*.test.tsx'],
      compilerOptions: {
        paths: {
          '~/lib/sql-tables.generated': [relative(tables)],
          '~/*': ['./app/*'],
          '@prisma/client': [relative(path.join(work, 'client'))],
          '.prisma/client': [relative(path.join(work, 'client'))],
          '.prisma/client/*': [`${relative(path.join(work, 'client'))}/*`],
        },
      },
    }),
  )
  const checked = run('npx', ['tsc', '-p', tsconfig, '--pretty', 'false'])
  const errors = new Map()
  for (const line of checked.stdout.split('\n')) {
    const m = /^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/.exec(line)
    if (!m) continue
    const file = path.relative(root, path.resolve(root, m[1]))
    if (!errors.has(file)) errors.set(file, [])
    errors.get(file).push(`${m[2]}: ${m[3]}`)
  }
  if (errors.size === 0) throw new Error(`tsc found nothing wrong with ${MODEL}.${COLUMN} renamed:\n${checked.stdout}${checked.stderr}`)

  // 4. Every file that touches the column fails.
  const clean = expected.filter((file) => !errors.has(file))
  console.log(`${MODEL}.${COLUMN} renamed to ${RENAMED}: tsc fails in ${errors.size} files.\n`)
  console.log(`Files that read or write ${MODEL}.${COLUMN} (git grep, tests and comments left out):`)
  for (const file of expected) {
    const found = errors.get(file)
    console.log(found ? `  fails     ${file}  (${found.length} error${found.length > 1 ? 's' : ''}; first at ${found[0].slice(0, 140)})` : `  COMPILES  ${file}`)
  }
  const others = [...errors.keys()].filter((file) => !expected.includes(file)).sort()
  if (others.length) console.log(`\nAlso failing (they use a type made from the column):\n${others.map((f) => `  ${f}`).join('\n')}`)
  console.log(`\nLeft out, another vendorName:\n${Object.entries(OTHER_VENDOR_NAMES).map(([f, why]) => `  ${f}: ${why}`).join('\n')}`)
  console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s`)
  if (clean.length) {
    console.error(`\n${clean.length} file(s) name ${MODEL}.${COLUMN} where the compiler cannot see it: ${clean.join(', ')}`)
    process.exitCode = 1
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
} finally {
  fs.rmSync(work, { recursive: true, force: true })
  fs.rmSync(tsconfig, { force: true })
}
