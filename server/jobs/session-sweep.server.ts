// Expired sessions are dropped by the primary now and then, so the table does not grow without end
// (reading an expired session only ignores it: reads must not write on a replica).
import type { PrimaryJob } from './primary-job'
import { deleteExpiredSessions } from '~/areas/people/session.server'

export const sessionSweep: PrimaryJob = {
  name: 'session-sweep',
  everyMs: 60 * 60 * 1000,
  run: async () => {
    await deleteExpiredSessions()
  },
}
