// Writes when each API key was last used (buffered in memory, because answering a GET must not write).
import type { PrimaryJob } from './primary-job'
import { takeBufferedKeyUses, writeKeyUses } from '~/areas/people/api-key.server'

export const apiKeyUsageJob: PrimaryJob = {
  name: 'api-key-usage',
  everyMs: 60_000,
  run: async () => {
    await writeKeyUses(takeBufferedKeyUses())
  },
}
