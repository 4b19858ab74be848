// Starts the production server on a fresh database for a benchmark, and stops it afterwards.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The node flags `npm start` runs the server with (its heap limits), so `direct` measures the same process. */
export function productionNodeFlags() {
  const start = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start
  return /\bnode (.*?)\s*build\/server\.js/.exec(start)[1].split(/\s+/).filter(Boolean)
}

/**
 * `direct` starts `node build/server.js` itself (on an already migrated database), so the process
 * measured for memory is the server and not npm around it.
 */
export async function startServer({ port, database, env = {}, direct = false, mocks = true }) {
  const db = database ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')), 'bench.db')
  const started = performance.now()
  const [command, args] = direct ? ['node', [...productionNodeFlags(), 'build/server.js']] : ['npm', ['run', 'start:mocks', '--silent']]
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${db}`,
      SESSION_SECRET: 'bench',
      ...(direct ? { NODE_ENV: 'production', ...(mocks ? { MOCKS: 'true' } : {}) } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  // Drained, never read: a full pipe would block the server's next console.log (pipes are synchronous on Linux).
  child.stdout.resume()
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
    /** The server's resident memory in MB (direct only). */
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024
    },
    stop: () => {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    },
  }
}
