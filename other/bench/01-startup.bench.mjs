// How long a machine woken by a request keeps its first visitor waiting (issue 36, item 1): from the
// process starting to its first answer, as Fly starts it (`node build/server.js`, no npm, no mocks),
// on an existing database and on an empty file (migrations applied in-process). Several runs, median
// and worst, beside the floor: a bare `node` process answering the same port the same way.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { productionNodeFlags, startServer } from './server.mjs'

export const title = 'Server start-up and health check'

const RUNS = 5
const PORT = 3903

/** Milliseconds from spawning `args` to a 200 from /healthcheck, polled every 5 ms. */
async function firstAnswer(args, env) {
  const started = performance.now()
  const child = spawn('node', args, { env: { ...process.env, PORT: String(PORT), ...env }, stdio: 'ignore', detached: true })
  let ms = null
  for (let i = 0; i < 4000 && ms === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthcheck`)).ok) ms = performance.now() - started
    } catch {
      await new Promise((r) => setTimeout(r, 5))
    }
  }
  process.kill(-child.pid, 'SIGTERM')
  await new Promise((r) => child.on('exit', r))
  if (ms === null) throw new Error(`no answer from node ${args.join(' ')}`)
  return ms
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const worst = (xs) => Math.max(...xs)

export async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'))
  const database = path.join(dir, 'start.db')
  const server = [...productionNodeFlags(), 'build/server.js']
  const env = { DATABASE_URL: `file:${database}`, SESSION_SECRET: 'bench', NODE_ENV: 'production', LOG_REQUESTS: 'false' }
  const bare = `require('node:http').createServer((q, s) => s.end('ok')).listen(${PORT})`
  const times = { floor: [], empty: [], existing: [] }
  // Interleaved, so a busy moment of the machine falls on all three alike.
  for (let i = 0; i < RUNS; i++) {
    times.floor.push(await firstAnswer(['-e', bare], {}))
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(database + suffix, { force: true })
    times.empty.push(await firstAnswer(server, env))
    times.existing.push(await firstAnswer(server, env))
  }
  fs.rmSync(dir, { recursive: true, force: true })

  const warm = await startServer({ port: 3902 })
  const load = await autocannon({ url: `${warm.url}/healthcheck`, connections: 10, duration: 5 })
  warm.stop()
  const round = (ms) => Math.round(ms)
  const ratio = (ms) => Math.round((ms / median(times.floor)) * 10) / 10
  return [
    { name: `floor: bare node answering, median of ${RUNS}`, figure: round(median(times.floor)), unit: 'ms', budget: null, pass: null },
    { name: `restart on an existing database to first answer, median of ${RUNS}`, figure: round(median(times.existing)), unit: 'ms', budget: '≤ 1,000 ms', pass: median(times.existing) <= 1000, ratio: ratio(median(times.existing)) },
    { name: `restart on an existing database to first answer, worst of ${RUNS}`, figure: round(worst(times.existing)), unit: 'ms', budget: '≤ 1,000 ms', pass: worst(times.existing) <= 1000 },
    { name: `first boot on an empty file (migrations) to first answer, median of ${RUNS}`, figure: round(median(times.empty)), unit: 'ms', budget: '≤ 2,000 ms', pass: median(times.empty) <= 2000, ratio: ratio(median(times.empty)) },
    { name: `first boot on an empty file (migrations) to first answer, worst of ${RUNS}`, figure: round(worst(times.empty)), unit: 'ms', budget: '≤ 2,000 ms', pass: worst(times.empty) <= 2000 },
    { name: 'GET /healthcheck, 10 connections, 5 s', figure: Math.round(load.requests.average), unit: 'req/s', budget: null, pass: null },
  ]
}
