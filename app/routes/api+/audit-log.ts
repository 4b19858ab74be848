// GET /api/audit-log: the organisation's audit log, newest first (owners and admins; 403 otherwise).
// `?action=` (a full action such as request.status_changed, or a family such as request), `?actor=`
// (user, runner, vendor, api_key, system), `?from=` and `?to=` (dates), `?limit=` (at most 500).
// `?format=csv` answers the whole filtered log as a CSV download (a plain link, so it works without JavaScript).
import { csvStream } from '~/lib/csv'
import { apiLoader, parseWith } from '~/lib/http.server'
import { AuditQuery, auditFilterFrom } from '~/areas/organisation/audit-log.schema'
import { auditCsv, listAuditEvents } from '~/areas/organisation/audit-log.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { dayIn } from '~/areas/insights/stats.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { z } from 'zod'
import * as answer from '~/areas/integrations/responses.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin'],
  methods: ['GET', 'HEAD'],
  permission: 'audit',
  operations: [
    { method: 'GET', summary: 'The audit log (owners and admins; ?format=csv)', query: AuditQuery, csv: true, response: z.array(answer.AuditEventAnswer) },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  // Before the query is read: a refusal says more than a complaint about a filter.
  requirePermission(manager, 'audit')
  const query = parseWith(AuditQuery, Object.fromEntries(new URL(request.url).searchParams))
  const filter = auditFilterFrom(query)
  if (query.format === 'csv') {
    const timeZone = await organisationTimeZone(manager.orgId)
    return csvStream(auditCsv(manager.orgId, manager, filter, timeZone), `audit-log-${dayIn(timeZone).date}.csv`)
  }
  return listAuditEvents(manager.orgId, manager, { ...filter, limit: query.limit })
})
