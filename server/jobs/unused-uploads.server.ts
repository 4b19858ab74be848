// Removes uploads nobody keeps (app/models/unused-uploads.server.ts), hourly, on the primary only:
// deleting is a write, and a bucket or a volume is touched from one machine.
import type { PrimaryJob } from './primary-job'
import { removeUnusedUploads } from '~/areas/organisation/unused-uploads.server'

export const unusedUploadsJob: PrimaryJob = {
  name: 'remove-unused-uploads',
  everyMs: 60 * 60 * 1000,
  run: async (now) => {
    await removeUnusedUploads(now)
  },
}
