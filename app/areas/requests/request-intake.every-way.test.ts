// One way in for a request (decision 118): a vendor (the API and the page), a manager, a reorder
// suggestion and a standing order all reach createRequest, whose group commit (request-batch) is the
// only code that writes a request's rows, and writes them as its kept statements. A way that made its
// request anywhere else (an ORM transaction, as standing orders once did) would show here as a
// request in the database with no kept insert carrying that way's history note.
// The statement counter goes first: it installs the database client the app shares.
import { statementsDuring } from '../../../tests/support/query-count'
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { StandingOrderInput } from '~/areas/requests/standing-order.schema'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { withTestServer } from '../../../tests/support/server'
import { createStandingOrder } from './standing-order.server'
import { runDueStandingOrders } from './standing-order-runs.server'

const app = withTestServer()

/** The requests `work` made (rows in the database), those of them createRequest's kept insert wrote, and their history notes. */
async function written(orgId: string, work: () => Promise<unknown>) {
  const before = await db.productRequest.count({ where: { organisationId: orgId } })
  const kept = (await statementsDuring(work)).filter((s) => !s.orm)
  return {
    made: (await db.productRequest.count({ where: { organisationId: orgId } })) - before,
    byCreateRequest: kept.filter((s) => s.query.startsWith('insert into "ProductRequest" ')).length,
    notes: kept.filter((s) => s.query.startsWith('insert into "RequestStatusChange" ')).map((s) => s.params[3]),
  }
}

test('a request made by a vendor, a manager, a reorder suggestion and a standing order is written by the one intake', async () => {
  const manager = await app.signedIn('every-way@x.test')
  const org = await organisationOf('every-way@x.test')
  const { property, products } = await givenStorefront({ organisationId: org.id })
  const line = { productId: products[0]!.id, quantity: 2 }

  const byApi = await written(org.id, async () => {
    const res = await app.client().post('/api/vendor/requests', { propertyId: property.id, vendorName: 'Olena', requestedProducts: [line] })
    expect(res.status).toBe(201)
  })

  const vendor = app.client()
  await vendor.get(`/vendor/${property.id}/request?lang=en`)
  await vendor.postForm(`/vendor/${property.id}/request`, { intent: 'add', productId: line.productId, lang: 'en' })
  const byPage = await written(org.id, async () => {
    const res = await vendor.postForm(`/vendor/${property.id}/request/submit`, { lang: 'en', vendorName: 'Marta', website: '' })
    expect(res.headers.get('location')).toBe(`/vendor/${property.id}/request?lang=en&step=sent`)
  })

  const byManager = await written(org.id, async () => {
    const res = await manager.post('/api/requests', { propertyId: property.id, vendorName: 'Front desk', requestedProducts: [line] })
    expect(res.status).toBe(201)
  })

  const byReorder = await written(org.id, async () => {
    const res = await manager.postForm(`/properties?edit=${property.id}`, { intent: 'reorder', id: property.id, productId: line.productId, quantity: '7' })
    expect(res.status).toBe(302)
  })

  const fields = StandingOrderInput.parse({ propertyId: property.id, vendorName: 'Monday linen', items: [line], every: 'day', time: '09:00', timezone: 'UTC' })
  const order = await createStandingOrder(org.id, fields)
  await db.standingOrder.update({ where: { id: order.id }, data: { createdAt: new Date('2026-01-01T00:00:00Z') } })
  const byStandingOrder = await written(org.id, async () => expect(await runDueStandingOrders(new Date('2026-05-05T09:00:05Z'))).toBe(1))

  expect({ byApi, byPage, byManager, byReorder, byStandingOrder }).toEqual({
    byApi: { made: 1, byCreateRequest: 1, notes: ['Sent by the vendor'] },
    byPage: { made: 1, byCreateRequest: 1, notes: ['Sent by the vendor'] },
    byManager: { made: 1, byCreateRequest: 1, notes: ['Entered by a manager'] },
    byReorder: { made: 1, byCreateRequest: 1, notes: ['From a reorder suggestion'] },
    byStandingOrder: { made: 1, byCreateRequest: 1, notes: ['Made by a standing order'] },
  })
  expect(await db.productRequest.count({ where: { organisationId: org.id } })).toBe(5)
})
