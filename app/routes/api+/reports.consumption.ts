// GET /api/reports/consumption?from=YYYY-MM-DD&to=YYYY-MM-DD[&propertyId=][&format=csv] (issue 15):
// delivered quantities, requests and invoiced spend per property and product over the period.
import { csvStream } from '~/lib/csv'
import { apiLoader, parseWith } from '~/lib/http.server'
import { ReportQuery } from '~/areas/insights/report.schema'
import { consumptionCsv, consumptionReport } from '~/areas/insights/report.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/integrations/responses.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'Consumption per property and product over a period (?format=csv)', scope: 'invoices:read', query: ReportQuery, csv: true, response: answer.ConsumptionReportAnswer },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  const query = parseWith(ReportQuery, Object.fromEntries(new URL(request.url).searchParams))
  const report = await consumptionReport(manager.orgId, query)
  if (query.format !== 'csv') return report
  return csvStream([consumptionCsv(report)], `consumption-${query.from}-to-${query.to}.csv`)
})
