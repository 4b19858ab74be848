// Once per test run: a migrated template database that every test file copies, and the app build
// the integration tests serve (built here if `npm test` has not built it already). Each run has its
// own folder, so two runs on one machine never touch each other's databases.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    runDir: string
  }
}

export default function setup(project: TestProject) {
  const runDir = path.resolve('tests/.tmp', `run-${process.pid}`)
  fs.rmSync(runDir, { recursive: true, force: true })
  fs.mkdirSync(runDir, { recursive: true })
  execFileSync('npx', ['prisma', 'migrate', 'deploy'], {
    env: { ...process.env, DATABASE_URL: `file:${path.join(runDir, 'template.db')}` },
    stdio: 'pipe',
  })
  if (!fs.existsSync(path.resolve('build/index.js'))) {
    execFileSync('npx', ['remix', 'build'], { stdio: 'pipe' })
  }
  project.provide('runDir', runDir)
  return () => fs.rmSync(runDir, { recursive: true, force: true })
}
