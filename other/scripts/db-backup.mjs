// npm run db:backup -- <file>: a consistent copy of the live database (VACUUM INTO reads one snapshot,
// so writers carry on and the copy is never half a transaction), checked before it is called done.
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

const target = process.argv[2]
if (!target) {
  console.error('Usage: npm run db:backup -- <file>')
  process.exit(2)
}
const source = path.resolve((process.env.DATABASE_URL ?? 'file:./prisma/data.db').replace(/^file:/, '').split('?')[0])
const file = path.resolve(target)
if (fs.existsSync(file)) {
  console.error(`${file} already exists; choose a new file so no backup is overwritten.`)
  process.exit(1)
}
fs.mkdirSync(path.dirname(file), { recursive: true })
const db = new Database(source, { readonly: true, fileMustExist: true, timeout: 5000 })
try {
  db.prepare('VACUUM INTO ?').run(file)
} finally {
  db.close()
}
// VACUUM may renumber the rowids of tables without an INTEGER PRIMARY KEY, which the search indexes
// point at, so the copy's search indexes are rebuilt from its own rows and then checked against them.
const copy = new Database(file)
const searchIndexes = copy.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%fts5%'`).pluck().all()
let check = copy.pragma('integrity_check', { simple: true })
try {
  for (const name of searchIndexes) {
    copy.prepare(`INSERT INTO "${name}"("${name}") VALUES ('rebuild')`).run()
    copy.prepare(`INSERT INTO "${name}"("${name}") VALUES ('integrity-check')`).run()
  }
} catch (err) {
  check = `search index: ${err.message}`
} finally {
  copy.close()
}
if (check !== 'ok') {
  console.error(`The backup failed its integrity check: ${check}`)
  process.exit(1)
}
console.log(`Backed up ${source} to ${file} (${fs.statSync(file).size} bytes).`)
