// The delivery ledger stays equal to its from-scratch definition after every kind of write, made the
// way the app makes it, and the consumption report read from it says what decision 027 says.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { InvoiceFromRequestsInput, InvoiceInput } from '~/areas/billing/invoice.schema'
import { givenPricedProducts } from '../../../tests/fixtures/billing'
import { givenRequestWith, givenSite } from '../../../tests/fixtures/requests'
import { openAssignmentAsManager } from './assignment.server'
import { changeAssignmentStatus } from './delivery-progress.server'
import { deliveryLedgerDrift } from './delivery-ledger.server'
import { archiveInvoice, createInvoice, deleteInvoice, invoiceFromRequests, restoreInvoice } from '~/areas/billing/invoice.server'
import { consumptionReport, reportCharts } from '~/areas/insights/report.server'

const YEAR = { from: '2020-01-01', to: '2030-12-31' }

async function givenOrganisation(name: string) {
  const org = await db.organisation.create({ data: { name } })
  const products = await givenPricedProducts(org.id, { 'Glass Cleaner': '$19.99', 'Paper Towels': '$0.10' })
  const harbor = await givenSite(org.id, { name: 'Harbor View' })
  const oak = await givenSite(org.id, { name: 'Oak Court' })
  const runner = await db.runner.create({ data: { organisationId: org.id, name: 'Rita Runner', phone: '+1 555 0100', tokenHash: `t-${org.id}` } })
  return { orgId: org.id, products, harbor, oak, runner }
}

/** A request at Harbor View for 7 glass cleaners and 2 paper towels, on its way with a runner. */
async function givenRequestOnItsWay(o: Awaited<ReturnType<typeof givenOrganisation>>) {
  const glass = o.products['Glass Cleaner']!
  const towels = o.products['Paper Towels']!
  const request = await givenRequestWith(o.orgId, {
    propertyId: o.harbor.id,
    status: 'in_progress',
    products: [
      { id: glass.id, name: glass.name, quantity: 7 },
      { id: towels.id, name: towels.name, quantity: 2 },
    ],
  })
  const assignment = await db.runnerAssignment.create({
    data: { organisationId: o.orgId, requestId: request.id, runnerId: o.runner.id, status: 'in_transit' },
  })
  return { request, assignment }
}

/** The report's rows in short: property, product, quantity, requests, spend. */
async function rows(orgId: string) {
  const report = await consumptionReport(orgId, YEAR)
  return { rows: report.rows.map((r) => `${r.propertyName} | ${r.productName} | ${r.quantity} | ${r.requests} | ${r.spend}`), totals: report.totals }
}

describe('the delivery ledger', () => {
  test('equals its definition after a delivery, an invoice made, archived, restored and deleted, and edits', async () => {
    const o = await givenOrganisation('Ledger Org')
    const { request, assignment } = await givenRequestOnItsWay(o)
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    expect(await rows(o.orgId)).toEqual({ rows: [], totals: { quantity: 0, requests: 0, spend: '0.00' } })

    // A runner delivers it (the app's own status change).
    await changeAssignmentStatus(await openAssignmentAsManager(o.orgId, assignment.id), 'delivered')
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    expect(await rows(o.orgId)).toEqual({
      rows: ['Harbor View | Glass Cleaner | 7 | 1 | 0.00', 'Harbor View | Paper Towels | 2 | 1 | 0.00'],
      totals: { quantity: 9, requests: 1, spend: '0.00' },
    })

    // Invoiced from the request: 7 × $19.99 and 2 × $0.10.
    const invoice = await invoiceFromRequests(
      o.orgId,
      InvoiceFromRequestsInput.parse({ requestIds: [request.id], invoiceData: { recipientName: 'Acme', recipientEmail: 'ap@acme.test' } }),
    )
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    expect((await rows(o.orgId)).rows).toEqual(['Harbor View | Glass Cleaner | 7 | 1 | 139.93', 'Harbor View | Paper Towels | 2 | 1 | 0.20'])

    // A hand-made invoice has no request: nothing changes.
    await createInvoice(
      o.orgId,
      InvoiceInput.parse({ recipientName: 'Acme', recipientEmail: 'ap@acme.test', items: [{ description: 'Call-out fee', quantity: '1', unitPrice: '50' }] }),
    )
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    expect((await rows(o.orgId)).totals.spend).toBe('140.13')

    await archiveInvoice(o.orgId, invoice.id)
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    expect((await rows(o.orgId)).totals.spend).toBe('0.00')

    await restoreInvoice(o.orgId, invoice.id)
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    expect((await rows(o.orgId)).totals.spend).toBe('140.13')

    await archiveInvoice(o.orgId, invoice.id)
    await deleteInvoice(o.orgId, invoice.id)
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    expect((await rows(o.orgId)).totals).toEqual({ quantity: 9, requests: 1, spend: '0.00' })

    // Its lines edited after the delivery, and the request moved to another property.
    const towelsLine = await db.requestItem.findFirstOrThrow({ where: { requestId: request.id, productName: 'Paper Towels' } })
    await db.requestItem.update({ where: { id: towelsLine.id }, data: { quantity: 5 } })
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    await db.productRequest.update({ where: { id: request.id }, data: { propertyId: o.oak.id } })
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    expect((await rows(o.orgId)).rows).toEqual(['Oak Court | Glass Cleaner | 7 | 1 | 0.00', 'Oak Court | Paper Towels | 5 | 1 | 0.00'])

    // A product deleted: its lines keep their name (the foreign key sets productId to NULL).
    await db.product.delete({ where: { id: o.products['Paper Towels']!.id } })
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    expect((await consumptionReport(o.orgId, YEAR)).rows.map((r) => [r.productName, r.productId === null])).toEqual([
      ['Glass Cleaner', false],
      ['Paper Towels', true],
    ])

    await db.requestItem.delete({ where: { id: towelsLine.id } })
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    expect((await rows(o.orgId)).rows).toEqual(['Oak Court | Glass Cleaner | 7 | 1 | 0.00'])

    // The delivery undone: the request leaves the report.
    await db.runnerAssignment.update({ where: { id: assignment.id }, data: { status: 'cancelled' } })
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    expect(await rows(o.orgId)).toEqual({ rows: [], totals: { quantity: 0, requests: 0, spend: '0.00' } })
  })

  test('a request delivered twice counts once, at its last delivery; deleting that delivery falls back to the first', async () => {
    const o = await givenOrganisation('Twice Org')
    const { request, assignment } = await givenRequestOnItsWay(o)
    await db.runnerAssignment.update({ where: { id: assignment.id }, data: { status: 'delivered', deliveredAt: new Date('2026-03-10T12:00:00Z') } })
    const again = await db.runnerAssignment.create({
      data: { organisationId: o.orgId, requestId: request.id, runnerId: o.runner.id, status: 'delivered', deliveredAt: new Date('2026-05-20T12:00:00Z') },
    })
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    const inMonth = async (from: string, to: string) => (await consumptionReport(o.orgId, { from, to })).totals
    expect(await inMonth('2026-05-01', '2026-05-31')).toEqual({ quantity: 9, requests: 1, spend: '0.00' })
    expect(await inMonth('2026-03-01', '2026-03-31')).toEqual({ quantity: 0, requests: 0, spend: '0.00' })
    await db.runnerAssignment.delete({ where: { id: again.id } })
    expect(await deliveryLedgerDrift(o.orgId)).toEqual([])
    expect(await inMonth('2026-03-01', '2026-03-31')).toEqual({ quantity: 9, requests: 1, spend: '0.00' })
    // The charts read the same ledger.
    const charts = await reportCharts(o.orgId, { from: '2026-03-01', to: '2026-03-31' })
    expect(charts.medianHoursToDelivery.map((m) => [m.propertyName, m.deliveries])).toEqual([['Harbor View', 1]])
  })

  test('keeps organisations apart', async () => {
    const a = await givenOrganisation('Org A')
    const b = await givenOrganisation('Org B')
    const { request, assignment } = await givenRequestOnItsWay(a)
    await changeAssignmentStatus(await openAssignmentAsManager(a.orgId, assignment.id), 'delivered')
    await invoiceFromRequests(
      a.orgId,
      InvoiceFromRequestsInput.parse({ requestIds: [request.id], invoiceData: { recipientName: 'Acme', recipientEmail: 'ap@acme.test' } }),
    )
    expect(await deliveryLedgerDrift(a.orgId)).toEqual([])
    expect(await deliveryLedgerDrift(b.orgId)).toEqual([])
    expect((await rows(a.orgId)).totals).toEqual({ quantity: 9, requests: 1, spend: '140.13' })
    expect(await rows(b.orgId)).toEqual({ rows: [], totals: { quantity: 0, requests: 0, spend: '0.00' } })
    const [ofB] = await db.$queryRaw<Array<{ n: bigint | number }>>`SELECT COUNT(*) AS "n" FROM "DeliveryLedger" WHERE "organisationId" = ${b.orgId}`
    expect(Number(ofB?.n)).toBe(0)
  })

  test('the check notices a ledger that disagrees with its sources', async () => {
    const o = await givenOrganisation('Drift Org')
    const { assignment } = await givenRequestOnItsWay(o)
    await changeAssignmentStatus(await openAssignmentAsManager(o.orgId, assignment.id), 'delivered')
    await db.$executeRaw`UPDATE "DeliveryLedger" SET "quantity" = "quantity" + 1 WHERE "organisationId" = ${o.orgId} AND "name" = 'Paper Towels'`
    const drift = await deliveryLedgerDrift(o.orgId)
    expect(drift.map((d) => [d.table, d.side, d.row.name, Number(d.row.quantity)])).toEqual([
      ['DeliveryLedger', 'missing', 'Paper Towels', 2],
      ['DeliveryLedger', 'extra', 'Paper Towels', 3],
    ])
  })
})
