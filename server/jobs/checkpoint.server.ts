// The primary's write-ahead log is copied into the database file from a worker thread, so no
// request pays for it (lib/checkpoints.server.ts, decision 063).
import { CHECKPOINT_FROM_BYTES, checkpointInBackground } from '~/lib/checkpoints.server'
import { log } from '~/lib/log.server'
import type { PrimaryJob } from './primary-job'

export const checkpointJob: PrimaryJob = {
  name: 'checkpoint',
  everyMs: 1000,
  run: async () => {
    const result = await checkpointInBackground({ fromBytes: CHECKPOINT_FROM_BYTES })
    if (result && 'error' in result) log('warn', 'background checkpoint failed; the next commits checkpoint instead', { error: result.error })
  },
}
