// `npm run db:seed` is what a newcomer types on a fresh clone; it must work on a file that does not exist yet.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { afterAll, expect, test } from 'vitest'

const run = promisify(execFile)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockrun-seed-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function seed(file: string) {
  const { DATABASE_URL: _ignored, ...rest } = process.env
  return run(path.resolve('node_modules/.bin/tsx'), ['prisma/seed.ts'], {
    env: { ...rest, DATABASE_URL: `file:${file}`, NODE_ENV: 'development', MOCKS: 'true' },
    timeout: 60_000,
  })
}

test('seeding a new database file migrates it first and fills it with the demo organisation; a second run leaves it be', async () => {
  const file = path.join(dir, 'fresh.db')
  const first = await seed(file)
  expect(first.stdout).toContain('Seeded the demo organisation for demo@stockrun.test')

  const sqlite = new Database(file, { readonly: true })
  try {
    expect(sqlite.prepare('SELECT name FROM Organisation').all()).toEqual([{ name: 'Harbor Property Group' }])
    expect((sqlite.prepare('SELECT COUNT(*) AS n FROM Property').get() as { n: number }).n).toBe(5)
  } finally {
    sqlite.close()
  }

  const again = await seed(file)
  expect(again.stdout).toContain('Demo data already present')
}, 90_000)
