// GET /api/reports/consumption (issue 15).
import { describe, expect, test } from 'vitest'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStockedSite } from '../../../tests/fixtures/requests'
import { givenDelivery, givenInvoice } from '../../../tests/fixtures/stock'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

let serial = 0
/** Two properties with deliveries in November 2026 (and one in October, outside the period), invoiced in part. */
async function managerWithDeliveries() {
  const email = `reports-api-${++serial}@x.test`
  const client = await app.signedIn(email)
  const orgId = (await organisationOf(email)).id
  const harbor = await givenStockedSite(orgId, ['Glass Cleaner', 'Mop Heads'], { name: 'Harbor View' })
  const oak = await givenStockedSite(orgId, ['Paper Towels'], { name: 'Oak Court' })
  const glass = harbor.products[0]!
  const mop = harbor.products[1]!
  const towels = oak.products[0]!
  const line = (p: { id: string; name: string }, quantity: number) => ({ id: p.id, name: p.name, quantity })
  const r1 = await givenDelivery(orgId, { propertyId: harbor.property.id, products: [line(glass, 7), line(mop, 2)], deliveredAt: new Date('2026-11-02T15:00:00Z') })
  const r2 = await givenDelivery(orgId, { propertyId: harbor.property.id, products: [line(glass, 3)], deliveredAt: new Date('2026-11-20T09:00:00Z') })
  const r3 = await givenDelivery(orgId, { propertyId: oak.property.id, products: [line(towels, 30)], deliveredAt: new Date('2026-11-10T12:00:00Z') })
  const old = await givenDelivery(orgId, { propertyId: oak.property.id, products: [line(towels, 500)], deliveredAt: new Date('2026-10-31T23:00:00Z') })
  await givenInvoice(orgId, [
    { requestId: r1.id, productId: glass.id, cents: 13993 }, // 7 × $19.99
    { requestId: r2.id, productId: glass.id, cents: 5997 },
    { requestId: r3.id, productId: towels.id, cents: 301 },
    { requestId: old.id, productId: towels.id, cents: 99999 },
  ])
  await givenInvoice(orgId, [{ requestId: r3.id, productId: towels.id, cents: 100000 }], { isArchived: true })
  return { client, orgId, harbor, oak, glass, mop, towels }
}

describe('the consumption report', () => {
  test('sums delivered quantities, requests and invoiced spend per property and product in the period', async () => {
    const { client, harbor, oak, glass, mop, towels } = await managerWithDeliveries()
    const res = await client.get('/api/reports/consumption?from=2026-11-01&to=2026-11-30')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      rows: [
        { propertyId: harbor.property.id, propertyName: 'Harbor View', productId: glass.id, productName: 'Glass Cleaner', quantity: 10, requests: 2, spend: '199.90' },
        { propertyId: harbor.property.id, propertyName: 'Harbor View', productId: mop.id, productName: 'Mop Heads', quantity: 2, requests: 1, spend: '0.00' },
        { propertyId: oak.property.id, propertyName: 'Oak Court', productId: towels.id, productName: 'Paper Towels', quantity: 30, requests: 1, spend: '3.01' },
      ],
      totals: { quantity: 42, requests: 3, spend: '202.91' },
    })
  })

  test('one property only, and the same figures as a CSV download', async () => {
    const { client, oak } = await managerWithDeliveries()
    const json = await (await client.get(`/api/reports/consumption?from=2026-11-01&to=2026-11-30&propertyId=${oak.property.id}`)).json()
    expect(json.totals).toEqual({ quantity: 30, requests: 1, spend: '3.01' })
    const csv = await client.get(`/api/reports/consumption?from=2026-11-01&to=2026-11-30&propertyId=${oak.property.id}&format=csv`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="consumption-2026-11-01-to-2026-11-30.csv"')
    const lines = (await csv.text()).replace('\uFEFF', '').trim().split('\r\n')
    expect(lines[0]).toBe('Property,Product,Quantity delivered,Requests,Spend before tax,Property ID,Product ID')
    expect(lines[1]).toMatch(/^Oak Court,Paper Towels,30,1,3.01,/)
    expect(lines[2]).toBe('Total,,30,1,3.01,,')
  })

  test('the period is whole days: the 31 October delivery counts only when October is asked for', async () => {
    const { client } = await managerWithDeliveries()
    const oct = await (await client.get('/api/reports/consumption?from=2026-10-31&to=2026-10-31')).json()
    expect(oct.totals).toEqual({ quantity: 500, requests: 1, spend: '999.99' })
  })

  test('keeps organisations apart', async () => {
    const a = await managerWithDeliveries()
    const email = `reports-api-${++serial}@x.test`
    const b = await app.signedIn(email)
    const empty = await (await b.get('/api/reports/consumption?from=2026-11-01&to=2026-11-30')).json()
    expect(empty).toEqual({ rows: [], totals: { quantity: 0, requests: 0, spend: '0.00' } })
    expect((await b.get(`/api/reports/consumption?from=2026-11-01&to=2026-11-30&propertyId=${a.oak.property.id}`)).status).toBe(404)
    expect((await app.client().get('/api/reports/consumption?from=2026-11-01&to=2026-11-30')).status).toBe(401)
  })

  test('refuses a missing, malformed or backwards period with field messages', async () => {
    const { client } = await managerWithDeliveries()
    const cases: Array<[string, string]> = [
      ['to=2026-11-30', 'from'],
      ['from=2026-11-01', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=11/01/2026&to=2026-11-30', 'from'],
      ['from=2026-11-30&to=2026-11-01', 'to'],
      ['from=2020-01-01&to=2026-11-30', 'to'],
      ['from=2026-11-01&to=2026-11-30&format=xls', 'format'],
    ]
    for (const [query, field] of cases) {
      const res = await client.get(`/api/reports/consumption?${query}`)
      expect(res.status, query).toBe(400)
      expect(Object.keys((await res.json()).fieldErrors), query).toContain(field)
    }
  })
})
