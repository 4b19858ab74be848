// Sends the webhook outbox, from the LiteFS primary only (the lead wires it into the job runner).
import type { PrimaryJob } from './primary-job'
import { sendDueWebhooks } from '~/areas/integrations/webhook-delivery.server'

export const webhookDeliveriesJob: PrimaryJob = {
  name: 'webhook-deliveries',
  // Tests set a shorter round (WEBHOOK_OUTBOX_EVERY_MS) so a journey waits on the delivery, not the clock.
  everyMs: Number(process.env.WEBHOOK_OUTBOX_EVERY_MS) || 5_000,
  run: sendDueWebhooks,
}
