// The standing-order scheduler: every minute, on the LiteFS primary only, make the requests that are due.
import type { PrimaryJob } from './primary-job'
import { runDueStandingOrders } from '~/areas/requests/standing-order-runs.server'

export const standingOrdersJob: PrimaryJob = {
  name: 'standing-orders',
  everyMs: 60_000,
  run: async (now) => {
    await runDueStandingOrders(now)
  },
}
