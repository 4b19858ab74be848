// Every PrimaryJob the server runs (app/lib/primary-jobs.server.ts); a new job is one more line here.
import type { PrimaryJob } from './primary-job'
import { checkpointJob } from './checkpoint.server'
import { geocodeProperties } from './geocode-properties.server'
import { apiKeyUsageJob } from './api-key-usage.server'
import { pruneActivityJob } from './prune-activity.server'
import { sessionSweep } from './session-sweep.server'
import { standingOrdersJob } from './standing-orders.server'
import { unusedUploadsJob } from './unused-uploads.server'
import { webhookDeliveriesJob } from './webhook-deliveries.server'
import { writeAheadLog } from './write-ahead-log.server'
import { overdueRequestsJob } from './overdue-requests.server'
import { runnerPositionsJob } from './runner-positions.server'

export const primaryJobs: PrimaryJob[] = [
  writeAheadLog,
  checkpointJob,
  sessionSweep,
  geocodeProperties,
  pruneActivityJob,
  standingOrdersJob,
  apiKeyUsageJob,
  webhookDeliveriesJob,
  unusedUploadsJob,
  overdueRequestsJob,
  runnerPositionsJob,
]
