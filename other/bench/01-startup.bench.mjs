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
  return [
    { name: 'start on an empty database (migrate + listen)', figure: Math.round(cold.readyMs), unit: 'ms', budget: null, pass: null },
    // Issue 13: `npm start` to the first answered request.
    { name: 'npm start on a migrated database to first answer', figure: Math.round(warm.readyMs), unit: 'ms', budget: '≤ 1,500 ms', pass: warm.readyMs <= 1500 },
    {
      name: 'GET /healthcheck, 10 connections, 5 s',
      figure: Math.round(load.requests.average),
      unit: 'req/s',
      budget: null,
      pass: null,
    },
  ]
}
