// Sending the webhook outbox (from the LiteFS primary only: app/jobs/webhook-deliveries.server.ts) and
// the delivery log Settings shows. Each row is one event for one endpoint; its id is the
// X-Stockrun-Delivery header, the same on every attempt, so receivers can drop repeats.
import { db } from '~/lib/db.server'
import { NotFound } from '~/lib/errors'
import { postWebhook, refusedWebhookUrl, signWebhook } from '~/areas/integrations/webhooks.server'

const GIVE_UP_AFTER_MS = 24 * 60 * 60_000
const FIRST_RETRY_MS = 15_000
const LONGEST_WAIT_MS = 6 * 60 * 60_000
/** While one machine sends a delivery, nobody else picks it up; if that machine dies, it is tried again after this. */
const CLAIM_MS = 60_000
const BATCH = 50

/** 15 s, 1 min, 4 min, 16 min, ~1 h, ~4 h, then every 6 h until a day has passed. */
export function retryDelayMs(failedAttempts: number) {
  return Math.min(FIRST_RETRY_MS * 4 ** Math.max(0, failedAttempts - 1), LONGEST_WAIT_MS)
}

export async function sendDueWebhooks(now: Date) {
  const due = await db.webhookDelivery.findMany({
    where: { status: 'pending', nextAttemptAt: { lte: now } },
    orderBy: { nextAttemptAt: 'asc' },
    take: BATCH,
    include: { endpoint: true },
  })
  for (const delivery of due) {
    // Claimed by moving its attempt count on from the one we read: two machines racing cannot both send.
    const claimed = await db.webhookDelivery.updateMany({
      where: { id: delivery.id, status: 'pending', attempts: delivery.attempts },
      data: { attempts: delivery.attempts + 1, nextAttemptAt: new Date(now.getTime() + CLAIM_MS), lastAttemptAt: now },
    })
    if (claimed.count === 0) continue
    const attempts = delivery.attempts + 1
    const refused = await refusedWebhookUrl(delivery.endpoint.url)
    const timestamp = Math.floor(Date.now() / 1000)
    const outcome = refused
      ? { statusCode: null, error: refused }
      : await postWebhook(delivery.endpoint.url, delivery.payload, {
          'X-Stockrun-Event': delivery.type,
          'X-Stockrun-Delivery': delivery.id,
          'X-Stockrun-Timestamp': String(timestamp),
          'X-Stockrun-Signature': signWebhook(delivery.endpoint.secret, timestamp, delivery.payload),
        })
    const delivered = outcome.error === null
    const expired = now.getTime() - delivery.createdAt.getTime() >= GIVE_UP_AFTER_MS
    await db.webhookDelivery.update({
      where: { id: delivery.id },
      data: {
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        status: delivered ? 'delivered' : expired ? 'failed' : 'pending',
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
      },
    })
  }
}

export type DeliveryLogEntry = {
  id: string
  type: string
  url: string
  status: string
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  lastAttemptAt: Date | null
  nextAttemptAt: Date
  createdAt: Date
}

export async function listWebhookDeliveries(orgId: string, take = 50): Promise<DeliveryLogEntry[]> {
  const rows = await db.webhookDelivery.findMany({
    where: { organisationId: orgId },
    orderBy: { createdAt: 'desc' },
    take,
    include: { endpoint: { select: { url: true } } },
  })
  return rows.map(({ endpoint, payload: _payload, organisationId: _org, endpointId: _e, eventId: _ev, ...row }) => ({ ...row, url: endpoint.url }))
}

/** "Send again": the same delivery (same id and body) goes back in the queue for the next run. */
export async function resendWebhookDelivery(orgId: string, id: string, now = new Date()) {
  const { count } = await db.webhookDelivery.updateMany({
    where: { id, organisationId: orgId },
    data: { status: 'pending', nextAttemptAt: now, createdAt: now },
  })
  if (count === 0) throw new NotFound('Delivery not found')
}
