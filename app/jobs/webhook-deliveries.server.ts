// Sends the webhook outbox, from the LiteFS primary only (the lead wires it into the job runner).
import type { PrimaryJob } from '~/lib/primary-job'
import { sendDueWebhooks } from '~/models/webhook-delivery.server'

export const webhookDeliveriesJob: PrimaryJob = {
  name: 'webhook-deliveries',
  everyMs: 5_000,
  run: sendDueWebhooks,
}
