// How long the production server takes from `npm run start:mocks` (migrations included) on an
// empty database to answering its health check, and how fast the health check answers under load.
import autocannon from 'autocannon'
import { startServer } from './server.mjs'

export const title = 'Server start-up and health check'

export async function run() {
  const cold = await startServer({ port: 3901 })
  cold.stop()
  const warm = await startServer({ port: 3902, database: cold.database })
  const load = await autocannon({ url: `${warm.url}/healthcheck`, connections: 10, duration: 5 })
  warm.stop()
  return {
    'start on an empty database (migrate + listen)': `${cold.readyMs.toFixed(0)} ms`,
    'start on a migrated database': `${warm.readyMs.toFixed(0)} ms`,
    'GET /healthcheck, 10 connections, 5 s': `${load.requests.average.toFixed(0)} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms`,
  }
}
