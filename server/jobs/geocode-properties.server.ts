// Stores the map position of properties whose address has none yet. Only the primary may write,
// so this is a PrimaryJob; pages only read (and look up in memory what is missing meanwhile).
import type { PrimaryJob } from './primary-job'
import { geocodePendingProperties } from '~/areas/catalogue/property-location.server'

export const geocodeProperties: PrimaryJob = {
  name: 'geocode-properties',
  everyMs: 60_000,
  run: async () => {
    await geocodePendingProperties()
  },
}
