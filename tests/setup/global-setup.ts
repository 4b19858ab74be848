// Once per test run: a migrated template database that every test file copies, and the app build
// the integration tests serve (built here if `npm test` has not built it already).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export const TMP_DIR = path.resolve('tests/.tmp')
export const TEMPLATE_DB = path.join(TMP_DIR, 'template.db')

export default function setup() {
  fs.mkdirSync(TMP_DIR, { recursive: true })
  for (const f of fs.readdirSync(TMP_DIR)) if (f.startsWith('test-') || f.startsWith('template')) fs.rmSync(path.join(TMP_DIR, f))
  execFileSync('npx', ['prisma', 'migrate', 'deploy'], {
    env: { ...process.env, DATABASE_URL: `file:${TEMPLATE_DB}` },
    stdio: 'pipe',
  })
  if (!fs.existsSync(path.resolve('build/index.js'))) {
    execFileSync('npx', ['remix', 'build'], { stdio: 'pipe' })
  }
}
