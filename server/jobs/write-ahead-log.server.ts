// WAL mode is written into the database file, so only the primary may switch it on; as a job it is
// switched on again by whichever machine is promoted (a no-op when it already is).
import { switchToWriteAheadLog } from '~/lib/db.server'
import type { PrimaryJob } from './primary-job'

export const writeAheadLog: PrimaryJob = {
  name: 'write-ahead-log',
  everyMs: 24 * 60 * 60 * 1000,
  run: async () => {
    await switchToWriteAheadLog()
  },
}
