// Operations from a shell: a backup that restores every row, and a production start that refuses
// to run without the secret every machine must share.
import { execFile, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenRequestsToInvoice } from '../../tests/fixtures/billing'
import { givenAssignment } from '../../tests/fixtures/dispatch'
import { givenStorefront } from '../../tests/fixtures/vendor'

const run = promisify(execFile)

/** Every row of every table, in a stable order, as a user of the data would compare it. */
function everyRow(file: string) {
  const sqlite = new Database(file, { readonly: true })
  try {
    const tables = sqlite.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as { name: string; sql: string }[]
    // Search indexes are derived from the rows (the backup rebuilds them); what they find is checked apart.
    const searchIndexes = tables.filter((t) => t.sql.startsWith('CREATE VIRTUAL TABLE')).map((t) => t.name)
    const rows = tables.filter((t) => !searchIndexes.some((index) => t.name === index || t.name.startsWith(`${index}_`)))
    return Object.fromEntries(rows.map(({ name }) => [name, sqlite.prepare(`SELECT * FROM "${name}" ORDER BY 1`).all()]))
  } finally {
    sqlite.close()
  }
}

describe('backing up and restoring the database', () => {
  test('a backup restores every row of a seeded database', async () => {
    const { organisation } = await givenStorefront({ name: 'Backed Up Pier' })
    await givenRequestsToInvoice(organisation.id)
    await givenAssignment(organisation.id)
    const live = process.env.DATABASE_URL!.replace(/^file:/, '')
    const seeded = everyRow(live)
    expect(seeded.Property!.length).toBeGreaterThan(0)

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockrun-backup-'))
    const backup = path.join(dir, 'nightly.db')
    await run('npm', ['run', '--silent', 'db:backup', '--', backup], { env: process.env })
    expect(everyRow(backup)).toEqual(seeded)
    // A backup is never overwritten by the next one.
    await expect(run('npm', ['run', '--silent', 'db:backup', '--', backup], { env: process.env })).rejects.toThrow(/already exists/)

    // Something goes wrong after the backup…
    await db.property.deleteMany({ where: { name: 'Backed Up Pier' } })
    await db.organisation.create({ data: { name: 'Created after the backup' } })
    expect(everyRow(live)).not.toEqual(seeded)

    await run('npm', ['run', '--silent', 'db:restore', '--', backup], { env: process.env })
    expect(everyRow(live)).toEqual(seeded)
    // The restored search indexes agree with the restored rows, so a manager's search finds the same.
    const restored = new Database(live)
    try {
      for (const index of ['ProductRequestSearch', 'RequestItemSearch']) restored.prepare(`INSERT INTO "${index}"("${index}") VALUES ('integrity-check')`).run()
      const vendor = restored.prepare(`SELECT vendorName FROM ProductRequest LIMIT 1`).pluck().get() as string
      const found = restored.prepare(`SELECT count(*) FROM ProductRequestSearch WHERE ProductRequestSearch MATCH ?`).pluck().get(`"${vendor.slice(0, 6)}"`) as number
      expect(found).toBeGreaterThan(0)
    } finally {
      restored.close()
    }
    expect(await db.organisation.count({ where: { name: 'Created after the backup' } })).toBe(0)
  })

  test('restoring refuses a file that is not a database, and changes nothing', async () => {
    const live = process.env.DATABASE_URL!.replace(/^file:/, '')
    const before = everyRow(live)
    const junk = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stockrun-junk-')), 'junk.db')
    fs.writeFileSync(junk, 'not a database at all')
    await expect(run('npm', ['run', '--silent', 'db:restore', '--', junk], { env: process.env })).rejects.toThrow()
    expect(everyRow(live)).toEqual(before)
  })
})

describe('starting in production', () => {
  test('without SESSION_SECRET the server exits non-zero and names it', () => {
    const { SESSION_SECRET: _unset, ...environment } = process.env
    const result = spawnSync(process.execPath, ['build/server.js'], {
      env: { ...environment, NODE_ENV: 'production', MOCKS: 'true', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(result.status).not.toBe(0)
    expect(result.status).not.toBeNull()
    expect(result.stderr + result.stdout).toContain('SESSION_SECRET')
  }, 70_000)
})
