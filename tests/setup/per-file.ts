// Before each test file: its own copy of the migrated database, and the outside services mocked.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, inject } from 'vitest'

const runDir = inject('runDir')
const file = path.join(runDir, `test-${process.pid}-${crypto.randomBytes(4).toString('hex')}.db`)
fs.copyFileSync(path.join(runDir, 'template.db'), file)
process.env.DATABASE_URL = `file:${file}`
globalThis.__stockrunDb = undefined
globalThis.__stockrunConnection = undefined

const { startMocks, stopMocks } = await import('../mocks/index')
startMocks()

afterAll(async () => {
  stopMocks()
  await globalThis.__stockrunDb?.$disconnect()
  globalThis.__stockrunDb = undefined
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true })
})
