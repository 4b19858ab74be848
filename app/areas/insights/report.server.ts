// Reports (issue 15, decision 027): consumption per property and product over a period, and the
// figures behind the /reports charts. Everything is aggregated in SQL with GROUP BY; nothing runs
// per row. "Delivered" means a runner delivered the request; the period is the organisation's days.
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { tables, withIndexes, type Tables } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'
import { NotFound } from '~/lib/errors'
import { csvRow } from '~/lib/csv'
import { centsToDecimal } from '~/lib/money'
import { zonedInstant } from '~/lib/schedule'
import type { ReportPeriod } from '~/areas/insights/report.schema'
import { dbTime } from '~/areas/requests/request.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'

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

type ExpressionBuilderOf<T extends keyof Tables> = ExpressionBuilder<Tables & { l: Tables[T] }, 'l'>

type Scope = { orgId: string; start: string; end: string; propertyId: string | null; timeZone: string; offsetMinutes: number }

/** The period as instants: from the start of `from` to the end of `to`, on the organisation's clock. */
async function scopeOf(orgId: string, period: ReportPeriod): Promise<Scope> {
  const timeZone = await organisationTimeZone(orgId)
  if (period.propertyId) {
    const query = tables.selectFrom('Property').select('id').where('id', '=', period.propertyId).where('organisationId', '=', orgId)
    const property = await readNow((db) => db.one(query))
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

/** For conditions on columns already named: it names none itself. */
const e = expressionBuilder<object, never>()

type Delivered = { organisationId: Expression<string>; deliveredAt: Expression<string>; propertyId: Expression<string | null> }

/** Ledger rows delivered in the period (at the request's last delivery), optionally at one property. */
function inPeriod(scope: Scope, c: Delivered): Expression<SqlBool> {
  return e.and([
    e(c.organisationId, '=', scope.orgId),
    e(c.deliveredAt, '>=', scope.start),
    e(c.deliveredAt, '<', scope.end),
    ...(scope.propertyId ? [e(c.propertyId, '=', scope.propertyId)] : []),
  ])
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
  const query = tables.selectFrom('DeliveryLedger').select((eb) => eb.fn.min('deliveredAt').as('at')).where('organisationId', '=', scope.orgId)
  const first = await readNow((db) => db.one(query))
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
  // The ledger (decision 054) holds one row per delivered request and product, already summed
  // from its items and its non-archived invoice lines: the report is one range scan of its
  // covering index and a GROUP BY. Names are joined per group, so renames show at once.
  const grouped = tables
    .selectFrom('DeliveryLedger as l')
    .select((eb) => [
      'l.propertyId',
      'l.productId',
      eb.fn.max('l.name').as('name'),
      eb.fn.sum<number>('l.quantity').as('quantity'),
      eb.fn.sum<number>(eb('l.itemLines', '>', sql.lit(0))).as('requests'),
      eb.fn.sum<number>('l.cents').as('cents'),
    ])
    .where((eb) => inPeriod(scope, { organisationId: eb.ref('l.organisationId'), deliveredAt: eb.ref('l.deliveredAt'), propertyId: eb.ref('l.propertyId') }))
    .groupBy(['l.propertyId', 'l.lineKey'])
  const usedQuery = tables
    .selectFrom(grouped.as('g'))
    .leftJoin('Product as p', 'p.id', 'g.productId')
    .leftJoin('Property as pr', 'pr.id', 'g.propertyId')
    .select((eb) => ['g.propertyId', 'pr.name as propertyName', 'g.productId', eb.fn.coalesce('p.name', 'g.name').as('productName'), 'g.quantity', 'g.requests', 'g.cents'])
  // Requests are counted per row; a request with two products is still one request in the totals,
  // and a delivered request without any line still counts.
  const countQuery = tables
    .selectFrom('DeliveredRequest as d')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => inPeriod(scope, { organisationId: eb.ref('d.organisationId'), deliveredAt: eb.ref('d.deliveredAt'), propertyId: eb.ref('d.propertyId') }))
  const index = `DeliveryLedger_${await ledgerOrder(scope)}_idx`
  const [used, count] = await readNow((db) => [db.all(withIndexes(usedQuery, { l: index })), db.one(countQuery)] as const)
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
  const ledgerInPeriod = (eb: ExpressionBuilderOf<'DeliveryLedger'>) =>
    inPeriod(scope, { organisationId: eb.ref('l.organisationId'), deliveredAt: eb.ref('l.deliveredAt'), propertyId: eb.ref('l.propertyId') })
  // Months with invoice lines only, as before the ledger (a line of no price still shows its month).
  const months = tables
    .selectFrom('DeliveryLedger as l')
    .select((eb) => ['l.propertyId', eb.fn<string>('strftime', [sql.lit('%Y-%m'), 'l.deliveredAt', eb.val(shift)]).as('month'), eb.fn.sum<number>('l.cents').as('cents')])
    .where((eb) => eb.and([ledgerInPeriod(eb), eb('l.invoiceLines', '>', sql.lit(0))]))
    .groupBy(['l.propertyId', 'month'])
  const spendQuery = tables
    .selectFrom(months.as('m'))
    .leftJoin('Property as pr', 'pr.id', 'm.propertyId')
    .select(['pr.name as propertyName', 'm.month', 'm.cents'])
    .orderBy('m.month')
  // One date conversion per request, not two: this reads every request of the period.
  const times = tables
    .selectFrom('ProductRequest as r')
    .select((eb) => eb.fn<string>('strftime', [sql.lit('%w %H'), 'r.createdAt', eb.val(shift)]).as('at'))
    .where('r.organisationId', '=', scope.orgId)
    .where('r.createdAt', '>=', scope.start)
    .where('r.createdAt', '<', scope.end)
    .$if(scope.propertyId !== null, (q) => q.where('r.propertyId', '=', scope.propertyId))
  const hourQuery = tables
    .selectFrom(times.as('t'))
    .select((eb) => [
      eb.fn<string>('substr', ['t.at', sql.lit(1), sql.lit(1)]).as('weekday'),
      eb.fn<string>('substr', ['t.at', sql.lit(3), sql.lit(2)]).as('hour'),
      eb.fn.countAll<number>().as('requests'),
    ])
    .groupBy('t.at')
  // SQLite has no MEDIAN: rank each property's delivery times and average the middle one or two.
  const medianQuery = tables
    .with('timed', (db) =>
      db
        .selectFrom('DeliveredRequest as d')
        .select((eb) => ['d.propertyId', eb(eb.parens(eb(eb.fn<number>('julianday', ['d.deliveredAt']), '-', eb.fn<number>('julianday', ['d.createdAt']))), '*', sql.lit(24.0)).as('hours')])
        .where((eb) => inPeriod(scope, { organisationId: eb.ref('d.organisationId'), deliveredAt: eb.ref('d.deliveredAt'), propertyId: eb.ref('d.propertyId') })),
    )
    .with('ranked', (db) =>
      db
        .selectFrom('timed')
        // One named window for both, so the times are sorted once, not twice: the builder has no
        // WINDOW clause nor frames, so the window is SQL text over the columns just named.
        .select(['propertyId', 'hours', sql<number>`ROW_NUMBER() OVER w`.as('rn'), sql<number>`COUNT(*) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)`.as('n')])
        .modifyEnd(sql`WINDOW w AS (PARTITION BY ${sql.ref('propertyId')} ORDER BY ${sql.ref('hours')})`),
    )
    .selectFrom('ranked')
    .leftJoin('Property as pr', 'pr.id', 'ranked.propertyId')
    .select((eb) => ['pr.name as propertyName', eb.fn.avg<number>('ranked.hours').as('hours'), eb.fn.max('ranked.n').as('deliveries')])
    .where((eb) =>
      eb('ranked.rn', 'in', [eb(eb.parens(eb('ranked.n', '+', sql.lit(1))), '/', sql.lit(2)), eb(eb.parens(eb('ranked.n', '+', sql.lit(2))), '/', sql.lit(2))]),
    )
    .groupBy('ranked.propertyId')
    .orderBy('hours', 'desc')
  const [spendByMonth, byHour, medians] = await readNow((db) => [db.all(spendQuery), db.all(hourQuery), db.all(medianQuery)] as const)
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
