#!/usr/bin/env node
// Writes prisma/migrations/<timestamp>_<name>/migration.sql from the change to prisma/schema.prisma.
// `prisma migrate dev` needs a native engine we cannot download, so the diff is taken between the
// schema as last committed (or nothing, for the first migration) and the working copy.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const name = (process.argv[2] ?? '').replace(/[^a-z0-9_]+/gi, '_').toLowerCase()
if (!name) {
  console.error('usage: npm run db:migration -- <name>')
  process.exit(1)
}
const migrationsDir = path.join('prisma', 'migrations')
const hasMigrations = fs.existsSync(migrationsDir) && fs.readdirSync(migrationsDir).some((d) => /^\d/.test(d))
let from = ['--from-empty']
if (hasMigrations) {
  const old = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'schema-')), 'schema.prisma')
  fs.writeFileSync(old, execFileSync('git', ['show', 'HEAD:prisma/schema.prisma']))
  from = ['--from-schema-datamodel', old]
}
const sql = execFileSync(
  'npx',
  ['prisma', 'migrate', 'diff', ...from, '--to-schema-datamodel', 'prisma/schema.prisma', '--script'],
  { encoding: 'utf8' },
)
if (!sql.trim() || /This is an empty migration/.test(sql)) {
  console.log('The schema has not changed: no migration written.')
  process.exit(0)
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14)
const dir = path.join(migrationsDir, `${stamp}_${name}`)
fs.mkdirSync(dir, { recursive: true })
fs.writeFileSync(path.join(dir, 'migration.sql'), sql)
if (!fs.existsSync(path.join(migrationsDir, 'migration_lock.toml'))) {
  fs.writeFileSync(path.join(migrationsDir, 'migration_lock.toml'), 'provider = "sqlite"\n')
}
console.log(`Wrote ${dir}/migration.sql`)
