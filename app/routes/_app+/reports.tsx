// Reports (issue 15): what was delivered, what it cost and how fast, over a period. A GET form picks
// the period and property, so every report is a link; the charts are server-drawn SVG with data tables.
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { Download } from 'lucide-react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { DeliveryTimeChart, RequestsByHourChart, SpendPerPropertyChart, TopProductsChart } from '~/areas/insights/components/report-charts'
import { buttonClasses, Button } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { DataTable } from '~/ui/chart'
import { inputClasses } from '~/ui/field'
import { invalidFromZod } from '~/lib/http.server'
import { formatMoney } from '~/lib/money'
import { ReportQuery } from '~/areas/insights/report.schema'
import { listProperties } from '~/areas/catalogue/property.server'
import { consumptionReport, reportCharts, topProducts } from '~/areas/insights/report.server'
import { organisationDay } from '~/areas/insights/stats.server'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['manager'], methods: ['GET', 'HEAD'], permission: 'work' }

export const meta: MetaFunction = () => [{ title: 'Reports · Stockrun' }]

/** By default the last twelve months, this one included. */
function defaultPeriod(today: string) {
  const [y, m] = today.split('-').map(Number) as [number, number]
  const first = new Date(Date.UTC(y, m - 12, 1))
  return { from: first.toISOString().slice(0, 10), to: today }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const { date } = await organisationDay(manager.orgId)
  const fallback = defaultPeriod(date)
  const parsed = ReportQuery.safeParse({ from: params.from || fallback.from, to: params.to || fallback.to, propertyId: params.propertyId || undefined })
  const properties = (await listProperties(manager.orgId)).map((p) => ({ id: p.id, name: p.name })).sort((a, b) => a.name.localeCompare(b.name))
  if (!parsed.success) {
    const error = invalidFromZod(parsed.error)
    return json({ period: { from: params.from ?? '', to: params.to ?? '', propertyId: params.propertyId ?? '' }, properties, error: error.message, report: null, charts: null }, { status: 400 })
  }
  const period = parsed.data
  const known = !period.propertyId || properties.some((p) => p.id === period.propertyId)
  const scoped = known ? period : { ...period, propertyId: undefined }
  const [report, charts] = await Promise.all([consumptionReport(manager.orgId, scoped), reportCharts(manager.orgId, scoped)])
  return json({
    period: { from: period.from, to: period.to, propertyId: scoped.propertyId ?? '' },
    properties,
    error: null,
    // The page shows names and figures only; the ids (two UUIDs on each of thousands of rows) stay on the server.
    report: {
      rows: report.rows.map((r) => ({ propertyName: r.propertyName, productName: r.productName, quantity: r.quantity, requests: r.requests, spend: r.spend })),
      totals: report.totals,
    },
    charts: { ...charts, topProducts: topProducts(report) },
  })
}

export default function ReportsPage() {
  const { period, properties, error, report, charts } = useLoaderData<typeof loader>()
  const query = new URLSearchParams({ from: period.from, to: period.to, ...(period.propertyId ? { propertyId: period.propertyId } : {}) })
  return (
    <>
      <PageHeader
        title="Reports"
        description="What your properties used, what it cost and how quickly they were served"
        action={
          report ? (
            <a href={`/api/reports/consumption?${query}&format=csv`} className={buttonClasses('secondary')} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              Download CSV
            </a>
          ) : null
        }
      />
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3 print:hidden">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          From
          <input type="date" name="from" defaultValue={period.from} required className={inputClasses} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          To
          <input type="date" name="to" defaultValue={period.to} required className={inputClasses} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Property
          <select name="propertyId" defaultValue={period.propertyId} className={inputClasses}>
            <option value="">All properties</option>
            {properties.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">Show report</Button>
      </Form>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {report && charts ? (
        <div className="flex flex-col gap-6">
          <dl className="grid gap-4 sm:grid-cols-3">
            {[
              ['Quantity delivered', String(report.totals.quantity)],
              ['Requests delivered', String(report.totals.requests)],
              // Invoice lines are summed before tax (issue 28: a total beside the invoice's own, with tax, misled).
              ['Invoiced spend before tax', formatMoney(report.totals.spend)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-6 xl:grid-cols-2">
            <SpendPerPropertyChart data={charts.spendByMonth} />
            <TopProductsChart data={charts.topProducts} />
            <RequestsByHourChart data={charts.requestsByHour} timeZone={charts.timeZone} />
            <DeliveryTimeChart data={charts.medianHoursToDelivery} />
          </div>
          <Card>
            <CardHeader title="Consumption" description="Delivered quantities, requests and invoiced spend before tax per property and product." />
            <CardBody className="overflow-x-auto" tabIndex={0} role="region" aria-label="Consumption table">
              <DataTable
                id="consumption-table"
                caption="Consumption per property and product"
                head={['Property', 'Product', 'Quantity', 'Requests', 'Spend before tax']}
                rows={[
                  ...report.rows.map((r) => [r.propertyName, r.productName, r.quantity, r.requests, formatMoney(r.spend)]),
                  ['Total', '', report.totals.quantity, report.totals.requests, formatMoney(report.totals.spend)],
                ]}
              />
            </CardBody>
          </Card>
        </div>
      ) : null}
    </>
  )
}
