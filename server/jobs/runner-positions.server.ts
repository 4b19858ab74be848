// Issue 30: shared runner positions are kept 7 days, then deleted here on the primary.
import type { PrimaryJob } from './primary-job'
import { deleteOldPositions } from '~/areas/deliveries/runner-position.server'

export const runnerPositionsJob: PrimaryJob = {
  name: 'runner-positions-retention',
  everyMs: 60 * 60 * 1000,
  run: async (now) => {
    await deleteOldPositions(now)
  },
}
