// Reports (issue 15, decision 027): consumption per property and product over a period, and the
// figures behind the /reports charts. Everything is aggregated in SQL with GROUP BY; nothing runs
// per row. "Delivered" means a runner delivered the request; the period is the organisation's days.
import { Prisma } from '@prisma/client'
import { db } from '~/lib/db.server'
import { NotFound } from '~/lib/errors'
import { csvRow } from '~/lib/csv'
import { centsToDecimal } from '~/lib/money'
import { zonedInstant } from '~/lib/schedule'
import type { ReportPeriod } from '~/lib/schemas/report'
import { dbTime } from './request.server'
import { organisationTimeZone } from './organisation-time-zone.server'

export type ConsumptionRow = {
  propertyId: string | null
  propertyName: string
  productId: string | null
  productName: string
  quantity: number
  requests: number
  spend: string
}

export type ConsumptionReport = { rows: ConsumptionRow[]; totals: { quantity: number; requests: number; spend: string } }

type Scope = { orgId: string; start: string; end: string; propertyId: string | null; timeZone: string; offsetMinutes: number }

/** The period as instants: from the start of `from` to the end of `to`, on the organisation's clock. */
async function scopeOf(orgId: string, period: ReportPeriod): Promise<Scope> {
  const timeZone = await organisationTimeZone(orgId)
  if (period.propertyId) {
    const property = await db.property.findFirst({ where: { id: period.propertyId, organisationId: orgId }, select: { id: true } })
    if (!property) throw new NotFound('Property not found')
  }
  const [fy, fm, fd] = period.from.split('-').map(Number) as [number, number, number]
  const [ty, tm, td] = period.to.split('-').map(Number) as [number, number, number]
  const start = zonedInstant(timeZone, fy, fm, fd, 0, 0)
  const end = zonedInstant(timeZone, ty, tm, td + 1, 0, 0)
  // SQLite cannot read zone rules, so months, weekdays and hours use the zone's offset at the period's end.
  const offsetMinutes = Math.round((Date.UTC(ty, tm - 1, td + 1) - end.getTime()) / 60_000)
  return { orgId, start: dbTime(start), end: dbTime(end), propertyId: period.propertyId ?? null, timeZone, offsetMinutes }
}

/** Ledger rows delivered in the period (at the request's last delivery), optionally at one property. */
function inPeriod(scope: Scope, table: 'd' | 'l') {
  const t = Prisma.raw(table)
  return Prisma.sql`${t}."organisationId" = ${scope.orgId} AND ${t}."deliveredAt" >= ${scope.start} AND ${t}."deliveredAt" < ${scope.end}
    ${scope.propertyId ? Prisma.sql`AND ${t}."propertyId" = ${scope.propertyId}` : Prisma.empty}`
}

/**
 * Which ledger index serves the consumption rows. In GROUP BY order ("product": organisation,
 * property, product, then time) nothing is sorted but every delivery the organisation ever had is
 * read; by time ("period") only the period is read, then sorted, which costs about five times as
 * much per row. One property, or a period covering a good part of the organisation's deliveries,
 * reads in group order; a short period of a long history by time. SQLite's planner could choose
 * only with fresh ANALYZE statistics, which production databases do not keep.
 */
async function ledgerOrder(scope: Scope): Promise<'product' | 'period'> {
  if (scope.propertyId) return 'product'
  const [first] = await db.$queryRaw<Array<{ at: string | null }>>`
    SELECT MIN("deliveredAt") AS "at" FROM "DeliveryLedger" WHERE "organisationId" = ${scope.orgId}`
  if (!first?.at) return 'product'
  const historyStart = new Date(first.at).getTime()
  const now = Date.now()
  const covered = Math.min(now, new Date(scope.end).getTime()) - Math.max(historyStart, new Date(scope.start).getTime())
  return covered >= (now - historyStart) / 5 ? 'product' : 'period'
}

const n = (v: unknown) => Number(v ?? 0)
const localShift = (scope: Scope) => `${scope.offsetMinutes >= 0 ? '+' : ''}${scope.offsetMinutes} minutes`

export async function consumptionReport(orgId: string, period: ReportPeriod): Promise<ConsumptionReport> {
  const scope = await scopeOf(orgId, period)
  type Row = { propertyId: string | null; propertyName: string | null; productId: string | null; productName: string; quantity: unknown; requests: unknown; cents: unknown }
  // The ledger (decision 054) holds one row per delivered request and product, already summed
  // from its items and its non-archived invoice lines: the report is one range scan of its
  // covering index and a GROUP BY. Names are joined per group, so renames show at once.
  const index = Prisma.raw(`"DeliveryLedger_${await ledgerOrder(scope)}_idx"`)
  const [used, [count]] = await Promise.all([
    db.$queryRaw<Row[]>`
      SELECT g."propertyId", pr."name" AS "propertyName", g."productId", COALESCE(p."name", g."name") AS "productName",
             g."quantity", g."requests", g."cents"
      FROM (
        SELECT l."propertyId", l."productId", MAX(l."name") AS "name", SUM(l."quantity") AS "quantity",
               SUM(l."itemLines" > 0) AS "requests", SUM(l."cents") AS "cents"
        FROM "DeliveryLedger" l INDEXED BY ${index}
        WHERE ${inPeriod(scope, 'l')}
        GROUP BY l."propertyId", l."lineKey"
      ) g
      LEFT JOIN "Product" p ON p."id" = g."productId"
      LEFT JOIN "Property" pr ON pr."id" = g."propertyId"`,
    // Requests are counted per row; a request with two products is still one request in the totals,
    // and a delivered request without any line still counts.
    db.$queryRaw<Array<{ n: unknown }>>`SELECT COUNT(*) AS "n" FROM "DeliveredRequest" d WHERE ${inPeriod(scope, 'd')}`,
  ])
  const list = used
    .map((r) => ({
      propertyId: r.propertyId,
      propertyName: r.propertyName ?? 'No property',
      productId: r.productId,
      productName: r.productName,
      quantity: n(r.quantity),
      requests: n(r.requests),
      cents: n(r.cents),
    }))
    .sort((a, b) => a.propertyName.localeCompare(b.propertyName) || a.productName.localeCompare(b.productName))
  return {
    rows: list.map(({ cents, ...row }) => ({ ...row, spend: centsToDecimal(cents) })),
    totals: {
      quantity: list.reduce((s, r) => s + r.quantity, 0),
      requests: n(count?.n),
      spend: centsToDecimal(list.reduce((s, r) => s + r.cents, 0)),
    },
  }
}

export type ReportCharts = Awaited<ReturnType<typeof reportCharts>>

/** The figures behind the four charts, each one grouped query. */
export async function reportCharts(orgId: string, period: ReportPeriod) {
  const scope = await scopeOf(orgId, period)
  const shift = localShift(scope)
  const onlyProperty = scope.propertyId ? Prisma.sql`AND r."propertyId" = ${scope.propertyId}` : Prisma.empty
  const [spendByMonth, byHour, medians] = await Promise.all([
    // Months with invoice lines only, as before the ledger (a line of no price still shows its month).
    db.$queryRaw<Array<{ propertyName: string | null; month: string; cents: unknown }>>`
      SELECT pr."name" AS "propertyName", m."month", m."cents"
      FROM (
        SELECT l."propertyId", strftime('%Y-%m', l."deliveredAt", ${shift}) AS "month", SUM(l."cents") AS "cents"
        FROM "DeliveryLedger" l
        WHERE ${inPeriod(scope, 'l')} AND l."invoiceLines" > 0
        GROUP BY l."propertyId", "month"
      ) m
      LEFT JOIN "Property" pr ON pr."id" = m."propertyId"
      ORDER BY m."month"`,
    db.$queryRaw<Array<{ weekday: string; hour: string; requests: unknown }>>`
      SELECT substr("at", 1, 1) AS "weekday", substr("at", 3, 2) AS "hour", COUNT(*) AS "requests"
      FROM (
        -- One date conversion per request, not two: this reads every request of the period.
        SELECT strftime('%w %H', r."createdAt", ${shift}) AS "at"
        FROM "ProductRequest" r
        WHERE r."organisationId" = ${scope.orgId} AND r."createdAt" >= ${scope.start} AND r."createdAt" < ${scope.end} ${onlyProperty}
      )
      GROUP BY "at"`,
    // SQLite has no MEDIAN: rank each property's delivery times and average the middle one or two.
    db.$queryRaw<Array<{ propertyName: string | null; hours: unknown; deliveries: unknown }>>`
      WITH timed AS (
        SELECT d."propertyId", (julianday(d."deliveredAt") - julianday(d."createdAt")) * 24.0 AS "hours"
        FROM "DeliveredRequest" d WHERE ${inPeriod(scope, 'd')}
      ),
      ranked AS (
        SELECT "propertyId", "hours",
               ROW_NUMBER() OVER w AS "rn",
               -- The same window (whole partition), so the times are sorted once, not twice.
               COUNT(*) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS "n"
        FROM timed
        WINDOW w AS (PARTITION BY "propertyId" ORDER BY "hours")
      )
      SELECT pr."name" AS "propertyName", AVG(ranked."hours") AS "hours", MAX(ranked."n") AS "deliveries"
      FROM ranked LEFT JOIN "Property" pr ON pr."id" = ranked."propertyId"
      WHERE ranked."rn" IN ((ranked."n" + 1) / 2, (ranked."n" + 2) / 2)
      GROUP BY ranked."propertyId"
      ORDER BY "hours" DESC`,
  ])
  return {
    timeZone: scope.timeZone,
    spendByMonth: spendByMonth.map((r) => ({ propertyName: r.propertyName ?? 'No property', month: r.month, cents: n(r.cents) })),
    requestsByHour: byHour.map((r) => ({ weekday: Number(r.weekday), hour: Number(r.hour), requests: n(r.requests) })),
    medianHoursToDelivery: medians.map((r) => ({
      propertyName: r.propertyName ?? 'No property',
      hours: Math.round(n(r.hours) * 10) / 10,
      deliveries: n(r.deliveries),
    })),
  }
}

/** The top products by delivered quantity, across the report's properties. */
export function topProducts(report: ConsumptionReport, limit = 10) {
  const byProduct = new Map<string, { productName: string; quantity: number }>()
  for (const row of report.rows) {
    const k = row.productId ?? `name:${row.productName}`
    const entry = byProduct.get(k) ?? { productName: row.productName, quantity: 0 }
    entry.quantity += row.quantity
    byProduct.set(k, entry)
  }
  return [...byProduct.values()]
    .filter((p) => p.quantity > 0)
    .sort((a, b) => b.quantity - a.quantity || a.productName.localeCompare(b.productName))
    .slice(0, limit)
}

/** The consumption report as CSV (one line per row, then the totals). */
export function consumptionCsv(report: ConsumptionReport): string {
  const lines = [csvRow(['Property', 'Product', 'Quantity delivered', 'Requests', 'Spend before tax', 'Property ID', 'Product ID'])]
  for (const r of report.rows) lines.push(csvRow([r.propertyName, r.productName, r.quantity, r.requests, r.spend, r.propertyId, r.productId]))
  lines.push(csvRow(['Total', '', report.totals.quantity, report.totals.requests, report.totals.spend, '', '']))
  return lines.join('')
}
