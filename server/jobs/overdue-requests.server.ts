// Issue 30: requests pending past their organisation's limit are alerted once, here on the primary
// (a page view may run on a replica and never writes).
import type { PrimaryJob } from './primary-job'
import { alertOverdueRequests } from '~/areas/requests/overdue-requests.server'

export const overdueRequestsJob: PrimaryJob = {
  name: 'overdue-requests',
  everyMs: 60 * 1000,
  run: async (now) => {
    await alertOverdueRequests(now)
  },
}
