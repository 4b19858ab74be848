#!/usr/bin/env node
// `node other/bench/plan-statistics.mjs`: writes the SQLite statistics (sqlite_stat1) of both scale
// shapes to tests/fixtures/plan-statistics/<shape>.json. The query-plan tests load them into their
// small database, so SQLite plans each list screen as it would over 100,000 requests spread over 500
// properties, or all at one, without seeding either (issue 27). Run it after a change to the schema's
// indexes or to scale-seed.mjs; the files are small and committed.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { SHAPES, scaleDatabase } from './scale-seed.mjs'

const Database = createRequire(import.meta.url)('better-sqlite3')
const out = path.resolve('tests/fixtures/plan-statistics')
fs.mkdirSync(out, { recursive: true })
for (const shape of SHAPES) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plan-statistics-'))
  const file = path.join(dir, 'scale.db')
  scaleDatabase(file, shape)
  const db = new Database(file, { readonly: true })
  // FTS shadow tables and Prisma's own bookkeeping plan nothing a screen sends.
  const rows = db
    .prepare("SELECT tbl, idx, stat FROM sqlite_stat1 WHERE tbl NOT LIKE '%Search%' AND tbl NOT LIKE '\\_prisma%' ESCAPE '\\' ORDER BY tbl, idx")
    .all()
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
  fs.writeFileSync(path.join(out, `${shape}.json`), `${JSON.stringify(rows, null, 1)}\n`)
  console.log(`${shape}: ${rows.length} statistics rows`)
}
