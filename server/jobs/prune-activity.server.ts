// Keeps issue 16's bookkeeping small: live-update events older than a day can no longer be resumed
// from, and idempotency keys older than a week can no longer be retried.
import type { PrimaryJob } from './primary-job'
import { pruneActivity } from '~/areas/outbox/activity-event.server'
import { pruneSubmissionKeys } from '~/areas/requests/idempotent-submission.server'

export const pruneActivityJob: PrimaryJob = {
  name: 'prune-activity-events',
  everyMs: 60 * 60 * 1000,
  run: async (now) => {
    await pruneActivity(now)
    await pruneSubmissionKeys(now)
  },
}
