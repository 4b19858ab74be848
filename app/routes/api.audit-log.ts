// GET /api/audit-log: the organisation's audit log, newest first (owners and admins; 403 otherwise).
// `?action=` (a full action such as request.status_changed, or a family such as request), `?actor=`
// (user, runner, vendor, api_key, system), `?from=` and `?to=` (dates), `?limit=` (at most 500).
// `?format=csv` answers the whole filtered log as a CSV download (a plain link, so it works without JavaScript).
import { apiLoader, parseWith } from '~/lib/http.server'
import { AuditQuery, auditFilterFrom } from '~/lib/schemas/audit-log'
import { auditCsv, canReadAuditLog, listAuditEvents } from '~/models/audit-log.server'
import { Forbidden } from '~/lib/errors'
import { organisationTimeZone } from '~/models/organisation-time-zone.server'
import { dayIn } from '~/models/stats.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  if (!canReadAuditLog(manager.role)) throw new Forbidden('Only an owner or admin can read the audit log.')
  const query = parseWith(AuditQuery, Object.fromEntries(new URL(request.url).searchParams))
  const filter = auditFilterFrom(query)
  if (query.format === 'csv') {
    const timeZone = await organisationTimeZone(manager.orgId)
    const lines = auditCsv(manager.orgId, manager.role, filter, timeZone)
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(encoder.encode('\uFEFF')), // so Excel reads it as UTF-8
      async pull(controller) {
        const next = await lines.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      },
      cancel: () => void lines.return(undefined),
    })
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="audit-log-${dayIn(timeZone).date}.csv"`,
        'Cache-Control': 'private, no-store',
      },
    })
  }
  return listAuditEvents(manager.orgId, manager.role, { ...filter, limit: query.limit })
})
