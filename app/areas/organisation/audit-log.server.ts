// The organisation's audit log: who did what and when. Append-only from the app's side: this module
// offers no update or delete, and the table's triggers refuse both (see the audit_log migration).
import { db } from '~/lib/db.server'
import { currentActor, type Actor } from '~/lib/actor-context.server'
import { csvRow } from '~/lib/csv'
import { isoInZone } from '~/lib/format'
import { organisationTimeZone } from './organisation-time-zone.server'
import { z } from 'zod'
import { AuditQuery, auditFilterFrom } from '~/areas/organisation/audit-log.schema'
import { can, requirePermission, type Actor as Reader } from './permissions'

export const AUDIT_ACTIONS = [
  'request.status_changed',
  'property.deleted',
  'property.product_removed',
  'product.deleted',
  'invoice.deleted',
  'invoice.status_changed',
  'invoice.sent',
  'invoice.send_failed',
  'runner.token_rotated',
  'assignment.link_rotated',
  'assignment.status_changed',
  'assignment.delivered_without_code',
  'settings.system_changed',
  'settings.preferences_changed',
  'organisation.identity_changed',
  'organisation.setup_completed',
  'member.role_changed',
  'member.invited',
  'member.invitation_resent',
  'member.invitation_revoked',
  'member.invitation_accepted',
  'member.removed',
  'member.left',
  'member.ownership_transferred',
  'user.signed_in',
  'user.signed_out_everywhere',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.deleted',
  'images.unused_removed',
  'depot.created',
  'depot.changed',
  'stock.moved',
  'run.loaded',
  'stock.settings_changed',
  'supplier.created',
  'supplier.updated',
  'purchase_order.created',
  'purchase_order.lines_changed',
  'purchase_order.sent',
  'purchase_order.received',
  'purchase_order.cancelled',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export type AuditEntry = {
  /** The organisation the event belongs to; defaults to the acting manager's. */
  orgId?: string | null
  action: AuditAction
  target: { type: string; id?: string | null }
  details?: Record<string, unknown>
  /** Who acted; defaults to whoever the current request authenticated (see actor-context). */
  actor?: Actor
}

/**
 * Records one event. Never throws: an audit write that fails must not undo the change a manager just
 * made, so it is reported on the console instead (the change itself is already committed).
 */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  const actor = entry.actor ?? currentActor()
  const organisationId = entry.orgId ?? actor.orgId
  if (!organisationId) return
  try {
    await db.auditEvent.create({
      data: {
        organisationId,
        actorType: actor.type,
        actorId: actor.id,
        actorName: actor.name?.slice(0, 200) ?? null,
        action: entry.action,
        targetType: entry.target.type,
        targetId: entry.target.id ?? null,
        details: entry.details ? JSON.stringify(entry.details).slice(0, 4000) : null,
      },
    })
  } catch (err) {
    console.error(`Audit event ${entry.action} could not be recorded:`, err)
  }
}

export type AuditEventView = {
  id: string
  at: Date
  actor: { type: string; id: string | null; name: string | null }
  action: string
  target: { type: string; id: string | null }
  details: Record<string, unknown> | null
}

export type AuditFilter = { action?: string; actorType?: string; from?: Date; to?: Date; limit?: number }


function whereFor(orgId: string, filter: AuditFilter) {
  return {
    organisationId: orgId,
    // "request" matches every request.* action; a full name matches only itself.
    ...(filter.action ? (filter.action.includes('.') ? { action: filter.action } : { action: { startsWith: `${filter.action}.` } }) : {}),
    ...(filter.actorType ? { actorType: filter.actorType } : {}),
    ...(filter.from || filter.to ? { at: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lte: filter.to } : {}) } } : {}),
  }
}

function toView(row: Awaited<ReturnType<typeof db.auditEvent.findFirstOrThrow>>): AuditEventView {
  let details: Record<string, unknown> | null = null
  try {
    details = row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null
  } catch {
    details = { raw: row.details }
  }
  return {
    id: row.id,
    at: row.at,
    actor: { type: row.actorType, id: row.actorId, name: row.actorName },
    action: row.action,
    target: { type: row.targetType, id: row.targetId },
    details,
  }
}

export const MAX_AUDIT_PAGE = 500

/** The organisation's events, newest first; owners and admins only. */
export async function listAuditEvents(orgId: string, reader: Reader, filter: AuditFilter = {}): Promise<AuditEventView[]> {
  requirePermission(reader, 'audit')
  const rows = await db.auditEvent.findMany({
    where: whereFor(orgId, filter),
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    take: Math.min(filter.limit ?? 100, MAX_AUDIT_PAGE),
  })
  return rows.map(toView)
}

const CSV_HEADER = ['Time', 'Actor type', 'Actor id', 'Actor', 'Action', 'Target type', 'Target id', 'Details']
const CSV_BATCH = 500

/** The whole filtered log as CSV lines, a batch at a time, newest first. */
export async function* auditCsv(orgId: string, reader: Reader, filter: Omit<AuditFilter, 'limit'> = {}, timeZone = 'UTC'): AsyncGenerator<string> {
  requirePermission(reader, 'audit')
  yield csvRow(CSV_HEADER)
  let before: { at: Date; id: string } | null = null
  for (;;) {
    const page: Awaited<ReturnType<typeof db.auditEvent.findMany>> = await db.auditEvent.findMany({
      where: {
        ...whereFor(orgId, filter),
        ...(before ? { OR: [{ at: { lt: before.at } }, { at: before.at, id: { lt: before.id } }] } : {}),
      },
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      take: CSV_BATCH,
    })
    for (const row of page) {
      yield csvRow([isoInZone(row.at, timeZone), row.actorType, row.actorId, row.actorName, row.action, row.targetType, row.targetId, row.details])
    }
    if (page.length < CSV_BATCH) return
    const last = page[page.length - 1]!
    before = { at: last.at, id: last.id }
  }
}

/** What Settings shows: the latest events under the page's filters, or null for members. */
export async function auditLogSection(manager: Reader & { orgId: string }, params: URLSearchParams) {
  if (!can(manager, 'audit')) return null
  const raw = { action: params.get('action') ?? '', actor: params.get('actor') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' }
  const parsed = AuditQuery.safeParse(raw)
  const filter = parsed.success ? auditFilterFrom(parsed.data) : {}
  const errors = parsed.success ? undefined : z.flattenError(parsed.error).fieldErrors
  const [events, timeZone] = await Promise.all([listAuditEvents(manager.orgId, manager, { ...filter, limit: 50 }), organisationTimeZone(manager.orgId)])
  return { events, filter: raw, errors, timeZone }
}
