// The audit log's filters, shared by /api/audit-log and the Settings section (a plain GET form).
import { z } from 'zod'

export const AUDIT_ACTOR_TYPES = ['user', 'runner', 'vendor', 'api_key', 'system'] as const

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v)

const day = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, 'Use a date like 2026-11-23')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Use a date like 2026-11-23')
    .optional(),
)

export const AuditQuery = z.object({
  action: z.preprocess(blankToUndefined, z.string().regex(/^[a-z_]+(\.[a-z_]+)?$/, 'Unknown action').max(60).optional()),
  actor: z.preprocess(blankToUndefined, z.enum(AUDIT_ACTOR_TYPES, { error: 'Actor must be user, runner, vendor, api_key or system' }).optional()),
  from: day,
  to: day,
  limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1).max(500).default(100),
  format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).default('json'),
})
export type AuditQuery = z.infer<typeof AuditQuery>

/** A bare date in `to` means the whole of that day (UTC). */
export function auditFilterFrom(query: Pick<AuditQuery, 'action' | 'actor' | 'from' | 'to'>) {
  const to = query.to ? new Date(query.to.length === 10 ? `${query.to}T23:59:59.999Z` : query.to) : undefined
  return {
    action: query.action,
    actorType: query.actor,
    from: query.from ? new Date(query.from) : undefined,
    to,
  }
}
