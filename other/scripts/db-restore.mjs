// npm run db:restore -- <file>: puts a backup back as the live database. Through SQLite's backup API,
// page by page under SQLite's locks, so a running server sees the old or the new database, never a mix.
// On a LiteFS machine the file must go in through LiteFS (`litefs import`), on the primary, so every
// replica receives it too.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

const source = process.argv[2]
if (!source || !fs.existsSync(source)) {
  console.error('Usage: npm run db:restore -- <backup file> (the file must exist)')
  process.exit(2)
}
const backup = new Database(path.resolve(source), { readonly: true, fileMustExist: true })
const check = backup.pragma('integrity_check', { simple: true })
if (check !== 'ok') {
  console.error(`${source} is not a sound SQLite database: ${check}`)
  process.exit(1)
}
const target = path.resolve((process.env.DATABASE_URL ?? 'file:./prisma/data.db').replace(/^file:/, '').split('?')[0])

if (process.env.LITEFS_DIR) {
  backup.close()
  execFileSync('litefs', ['import', '-name', path.basename(target), path.resolve(source)], { stdio: 'inherit' })
} else {
  await backup.backup(target)
  backup.close()
}
console.log(`Restored ${target} from ${path.resolve(source)}.`)
