// Keeps the live-updates event table small: events older than a day can no longer be resumed from.
import type { PrimaryJob } from '~/lib/primary-job'
import { pruneActivity } from '~/models/activity-event.server'

export const pruneActivityJob: PrimaryJob = {
  name: 'prune-activity-events',
  everyMs: 60 * 60 * 1000,
  run: async (now) => {
    await pruneActivity(now)
  },
}
