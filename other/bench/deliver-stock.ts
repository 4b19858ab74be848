// Issue 37's "a delivery's extra stock work", measured where it runs: the ledger's deliverReservedIn
// inside a write transaction of the app's own SQL runner, on the scale database the bench's server
// uses. Bundled by 10-scale.bench.mjs with esbuild (the app's `~` paths) and run as its own process
// with DATABASE_URL set; prints one JSON line. Each transaction is timed whole (commit included),
// for orders that hold stock (1 to 3 lines) and for orders from before there was stock (no hold):
// the difference is what the stock adds to marking a delivery delivered.
import { writeTogether } from '~/lib/sql.server'
import { deliverReservedIn } from '~/areas/stock/stock-ledger.server'

const orgId = process.env.BENCH_ORG_ID!
const held: string[] = JSON.parse(process.env.BENCH_HELD ?? '[]')
const unheld: string[] = JSON.parse(process.env.BENCH_UNHELD ?? '[]')

async function timedDelivery(assignmentId: string) {
  const started = performance.now()
  await writeTogether((sql) => deliverReservedIn(sql, orgId, { assignmentId, runnerId: null, runId: null }))
  return performance.now() - started
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0
// Warm the statements and the connection on one of each.
await timedDelivery(unheld[0]!)
const withHold: number[] = []
const without: number[] = []
for (let i = 0; i < Math.min(held.length, unheld.length - 1); i++) {
  withHold.push(await timedDelivery(held[i]!))
  without.push(await timedDelivery(unheld[i + 1]!))
}
console.log(JSON.stringify({ n: withHold.length, withHold: median(withHold), without: median(without) }))
process.exit(0)
