#!/usr/bin/env node
// `node other/bench/plan-statistics.mjs`: writes the SQLite statistics (sqlite_stat1) of both scale
// shapes to tests/fixtures/plan-statistics/<shape>.json. The query-plan tests load them into their
// small database, so SQLite plans each list screen as it would over 100,000 requests spread over 500
// properties, or all at one, without seeding either (issue 27). Run it after a change to the schema's
// indexes or to scale-seed.mjs; the files are small and committed.
//
// The statistics are those of the big organisation alone (the 50 small ones removed before ANALYZE).
// Over the whole file, sqlite_stat1 says an organisation holds ~2,000 rows of each table, and only
// sqlite_stat4's samples tell the planner that this one holds 100,000; samples carry the bench's own
// ids, which a test's database does not have. Alone, its average is the big organisation itself.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { MANAGER_EMAIL, SHAPES, scaleDatabase } from './scale-seed.mjs'

const Database = createRequire(import.meta.url)('better-sqlite3')
const out = path.resolve('tests/fixtures/plan-statistics')
fs.mkdirSync(out, { recursive: true })
for (const shape of SHAPES) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plan-statistics-'))
  const file = path.join(dir, 'scale.db')
  scaleDatabase(file, shape)
  const db = new Database(file)
  const big = db.prepare("SELECT m.organisationId FROM Membership m JOIN User u ON u.id = m.userId WHERE u.email = ?").pluck().get(MANAGER_EMAIL)
  db.pragma('foreign_keys = ON')
  db.prepare('DELETE FROM Organisation WHERE id <> ?').run(big)
  db.exec('ANALYZE')
  // FTS shadow tables and Prisma's own bookkeeping plan nothing a screen sends.
  const rows = db
    .prepare("SELECT tbl, idx, stat FROM sqlite_stat1 WHERE tbl NOT LIKE '%Search%' AND tbl NOT LIKE '\\_prisma%' ESCAPE '\\' ORDER BY tbl, idx")
    .all()
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
  fs.writeFileSync(path.join(out, `${shape}.json`), `${JSON.stringify(rows, null, 1)}\n`)
  console.log(`${shape}: ${rows.length} statistics rows`)
}
