// GET /api/reports/consumption?from=YYYY-MM-DD&to=YYYY-MM-DD[&propertyId=][&format=csv] (issue 15):
// delivered quantities, requests and invoiced spend per property and product over the period.
import { csvStream } from '~/lib/csv'
import { apiLoader, parseWith } from '~/lib/http.server'
import { ReportQuery } from '~/lib/schemas/report'
import { consumptionCsv, consumptionReport } from '~/models/report.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  const query = parseWith(ReportQuery, Object.fromEntries(new URL(request.url).searchParams))
  const report = await consumptionReport(manager.orgId, query)
  if (query.format !== 'csv') return report
  return csvStream([consumptionCsv(report)], `consumption-${query.from}-to-${query.to}.csv`)
})
