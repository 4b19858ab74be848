// Webhooks (issue 17): where an organisation wants to hear about its events, and the outbox entries
// written in the same transaction as the change they announce, so an event is never lost or invented.
import crypto from 'node:crypto'
import type { Prisma } from '@prisma/client'
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { readNow, sqlWithin, writeTogether, type Sql } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
import { Invalid, NotFound } from '~/lib/errors'
import { WEBHOOK_EVENTS, type WebhookEventType } from '~/areas/integrations/integrations.schema'
import { newToken } from '~/lib/tokens.server'
import { refusedWebhookUrl } from '~/areas/integrations/webhooks.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import type { Manager } from '~/areas/people/user.server'

export type WebhookView = { id: string; url: string; events: WebhookEventType[]; createdAt: Date }

function eventsOf(stored: string) {
  return stored.split(',').filter((e): e is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(e))
}

function view(hook: { id: string; url: string; events: string; createdAt: Date | string }): WebhookView {
  return { id: hook.id, url: hook.url, events: eventsOf(hook.events), createdAt: new Date(hook.createdAt) }
}

/** The address without credentials or query, which may carry a receiver's own token. */
function urlForLog(url: string) {
  const parsed = new URL(url)
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`
}

function requireIntegrationManager(manager: Manager) {
  requirePermission(manager, 'integrations')
}

export async function createWebhook(manager: Manager, input: { url: string; events: WebhookEventType[] }) {
  requireIntegrationManager(manager)
  const refused = await refusedWebhookUrl(input.url)
  if (refused) throw new Invalid(refused, { url: [refused] })
  const secret = `whsec_${newToken()}`
  const hook = { id: crypto.randomUUID(), organisationId: manager.orgId, url: input.url, events: [...new Set(input.events)].join(','), secret, createdAt: new Date() }
  await writeTogether((sql) => sql.run(tables.insertInto('WebhookEndpoint').values(hook)))
  await recordAudit({ orgId: manager.orgId, action: 'webhook.created', target: { type: 'webhook', id: hook.id }, details: { url: urlForLog(hook.url), events: eventsOf(hook.events) } })
  return { ...view(hook), secret }
}

export async function listWebhooks(manager: Manager): Promise<WebhookView[]> {
  requireIntegrationManager(manager)
  const hooks = await readNow((sql) =>
    sql.all(tables.selectFrom('WebhookEndpoint').select(['id', 'url', 'events', 'createdAt']).where('organisationId', '=', manager.orgId).orderBy('createdAt', 'desc')),
  )
  return hooks.map(view)
}

export async function deleteWebhook(manager: Manager, id: string) {
  requireIntegrationManager(manager)
  const hook = await writeTogether((sql) => {
    const found = sql.one(tables.selectFrom('WebhookEndpoint').select('url').where('id', '=', id).where('organisationId', '=', manager.orgId))
    if (found) sql.run(tables.deleteFrom('WebhookEndpoint').where('id', '=', id))
    return found
  })
  if (!hook) throw new NotFound('Webhook not found')
  await recordAudit({ orgId: manager.orgId, action: 'webhook.deleted', target: { type: 'webhook', id }, details: { url: urlForLog(hook.url) } })
}

/**
 * Puts an event in the outbox for every webhook of the organisation that asked for it. Call it with
 * the transaction that makes the change; the webhook-deliveries job sends it afterwards.
 */
export async function enqueueWebhookEvent(tx: Prisma.TransactionClient, orgId: string, type: WebhookEventType, data: Record<string, unknown>) {
  webhookDeliveriesIn(await sqlWithin(tx), orgId, type, [data])
}

/** The same for several events of one type (one per item of `data`), inside a plain-SQL transaction (lib/sql.server.ts). */
// Compiled once (decision 125): read by every change that may announce an event.
const endpointsOf = compiledOnce((p: { orgId: string }) => tables.selectFrom('WebhookEndpoint').select(['id', 'events']).where('organisationId', '=', p.orgId))

/** `data` may be a function: what costs a read to gather is then read only when some webhook listens. */
export function webhookDeliveriesIn(sql: Sql, orgId: string, type: WebhookEventType, data: Array<Record<string, unknown>> | (() => Array<Record<string, unknown>>)) {
  const hooks = sql
    .all(endpointsOf({ orgId }))
    .filter((hook) => eventsOf(hook.events).includes(type))
  if (hooks.length === 0) return
  const at = new Date()
  for (const d of deliveryRows(hooks, orgId, type, typeof data === 'function' ? data() : data)) {
    sql.run(tables.insertInto('WebhookDelivery').values({ id: newRowId(), ...d, status: 'pending', attempts: 0, nextAttemptAt: at, createdAt: at }))
  }
}

/** One event per item of `data`, each to every webhook that asked for it. */
function deliveryRows(hooks: Array<{ id: string }>, orgId: string, type: WebhookEventType, data: Array<Record<string, unknown>>) {
  return data.flatMap((one) => {
    const eventId = `evt_${crypto.randomUUID()}`
    const payload = JSON.stringify({ id: eventId, type, createdAt: new Date().toISOString(), data: one })
    return hooks.map((hook) => ({ organisationId: orgId, endpointId: hook.id, eventId, type, payload }))
  })
}
