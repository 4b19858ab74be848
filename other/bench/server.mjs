// Starts the production server on a fresh database for a benchmark, and stops it afterwards.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export async function startServer({ port, database, env = {} }) {
  const db = database ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')), 'bench.db')
  const started = performance.now()
  const child = spawn('npm', ['run', 'start:mocks', '--silent'], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: `file:${db}`, SESSION_SECRET: 'bench', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/healthcheck`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  const readyMs = performance.now() - started
  return {
    url,
    database: db,
    readyMs,
    stop: () => {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    },
  }
}
