// The four charts of /reports, each with its data table (the numbers the API gives).
import { formatCents } from '~/lib/money'
import { BarChart, ChartFrame, DataTable, GroupedColumnChart, WeekHeatmap } from '~/ui/chart'

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

export type ReportChartData = {
  timeZone: string
  spendByMonth: Array<{ propertyName: string; month: string; cents: number }>
  requestsByHour: Array<{ weekday: number; hour: number; requests: number }>
  medianHoursToDelivery: Array<{ propertyName: string; hours: number; deliveries: number }>
  topProducts: Array<{ productName: string; quantity: number }>
}

export function SpendPerPropertyChart({ data }: { data: ReportChartData['spendByMonth'] }) {
  const months = [...new Set(data.map((d) => d.month))].sort()
  const properties = [...new Set(data.map((d) => d.propertyName))].sort((a, b) => a.localeCompare(b))
  // A map, not a search per cell: hundreds of properties × 13 months against thousands of entries.
  const key = (property: string, month: string) => `${property}\u0000${month}`
  const cents = new Map<string, number>()
  for (const d of data) if (!cents.has(key(d.propertyName, d.month))) cents.set(key(d.propertyName, d.month), d.cents)
  const value = (property: string, month: string) => cents.get(key(property, month)) ?? 0
  const series = properties.map((name) => ({ name, values: months.map((m) => value(name, m)) }))
  return (
    <ChartFrame
      id="chart-spend"
      title="Spend per property per month, before tax"
      description="Invoiced amounts for deliveries in the period, by month of delivery."
      table={
        <DataTable
          id="chart-spend-table"
          caption="Spend per property per month, before tax"
          head={['Property', ...months, 'Total']}
          rows={properties.map((p) => {
            const values = months.map((m) => value(p, m))
            return [p, ...values.map(formatCents), formatCents(values.reduce((a, b) => a + b, 0))]
          })}
        />
      }
    >
      <GroupedColumnChart
        id="chart-spend-svg"
        title="Spend per property per month, before tax"
        description={`${properties.length} properties over ${months.length} months; the data table below lists every amount.`}
        categories={months}
        series={series}
        format={formatCents}
      />
    </ChartFrame>
  )
}

export function TopProductsChart({ data }: { data: ReportChartData['topProducts'] }) {
  return (
    <ChartFrame
      id="chart-top-products"
      title="Top products"
      description="The most delivered products in the period, by quantity."
      table={
        <DataTable id="chart-top-products-table" caption="Top products by quantity delivered" head={['Product', 'Quantity delivered']} rows={data.map((p) => [p.productName, p.quantity])} />
      }
    >
      <BarChart
        id="chart-top-products-svg"
        title="Top products by quantity delivered"
        description={data.length ? `${data[0]!.productName} leads with ${data[0]!.quantity}.` : 'No deliveries in this period.'}
        items={data.map((p) => ({ label: p.productName, value: p.quantity }))}
      />
    </ChartFrame>
  )
}

export function RequestsByHourChart({ data, timeZone }: { data: ReportChartData['requestsByHour']; timeZone: string }) {
  const cells = DAY_NAMES.map((_, d) => Array.from({ length: 24 }, (_, h) => data.find((c) => c.weekday === d && c.hour === h)?.requests ?? 0))
  const busiest = data.reduce<(typeof data)[number] | null>((best, c) => (!best || c.requests > best.requests ? c : best), null)
  return (
    <ChartFrame
      id="chart-hours"
      title="Requests by weekday and hour"
      description={`When requests came in during the period (${timeZone} time).`}
      table={
        <DataTable
          id="chart-hours-table"
          caption="Requests by weekday and hour"
          head={['Day', ...Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')), 'Total']}
          rows={cells.map((row, d) => [DAY_NAMES[d]!, ...row, row.reduce((a, b) => a + b, 0)])}
        />
      }
    >
      <WeekHeatmap
        id="chart-hours-svg"
        title="Requests by weekday and hour"
        description={busiest ? `Busiest: ${DAY_NAMES[busiest.weekday]} at ${String(busiest.hour).padStart(2, '0')}:00 with ${busiest.requests} requests.` : 'No requests in this period.'}
        cells={cells}
        dayNames={DAY_NAMES}
      />
    </ChartFrame>
  )
}

export function DeliveryTimeChart({ data }: { data: ReportChartData['medianHoursToDelivery'] }) {
  return (
    <ChartFrame
      id="chart-delivery-time"
      title="Median time to delivery"
      description="From request to delivery, per property; the slowest served first."
      table={
        <DataTable
          id="chart-delivery-time-table"
          caption="Median hours from request to delivery per property"
          head={['Property', 'Median hours', 'Deliveries']}
          rows={data.map((p) => [p.propertyName, p.hours, p.deliveries])}
        />
      }
    >
      <BarChart
        id="chart-delivery-time-svg"
        title="Median hours from request to delivery per property"
        description={data.length ? `${data[0]!.propertyName} is slowest at ${data[0]!.hours} hours.` : 'No deliveries in this period.'}
        items={data.map((p) => ({ label: p.propertyName, value: p.hours }))}
        format={(h) => `${h} h`}
      />
    </ChartFrame>
  )
}
