// A building's vendors sending at once (issue 27): every statement of a vendor's submission is a
// kept one. Through the ORM a statement costs ~1 ms of CPU; one ORM read per submission (the
// property's questions, issue 29) halved the rate the server took requests at.
// The statement counter goes first: it installs the database client the app shares.
import { ormQueriesDuring } from '../../../tests/support/query-count'
import { expect, test } from 'vitest'
import { organisationOf } from '../../../tests/fixtures/people'
import { roomQuestion } from '../../../tests/fixtures/request-fields'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

test('a vendor’s submission, with or without answers to the property’s questions, sends nothing through the ORM', async () => {
  const manager = await app.signedIn('intake-cost@x.test')
  const org = await organisationOf('intake-cost@x.test')
  const { property, products } = await givenStorefront({ organisationId: org.id })
  const send = (extra: Record<string, unknown> = {}) =>
    app.client().post('/api/vendor/requests', { propertyId: property.id, vendorName: 'Olena', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }], ...extra })

  // Warm: the first submission loads code and prepares the statements.
  expect((await send()).status).toBe(201)
  let plain: Response | undefined
  expect(await ormQueriesDuring(async () => (plain = await send()))).toEqual([])
  expect(plain!.status).toBe(201)

  expect((await manager.put(`/api/properties/${property.id}/request-fields`, { fields: [roomQuestion] })).status).toBe(200)
  let answered: Response | undefined
  expect(await ormQueriesDuring(async () => (answered = await send({ urgent: true, neededBy: '2030-01-02T10:00', fields: { room: 'pool' } })))).toEqual([])
  expect(answered!.status).toBe(201)
  // The questions were read: leaving the required one out is still refused.
  const refused = await send()
  expect(refused.status).toBe(400)
  expect((await refused.json()).fieldErrors).toHaveProperty('fields.room')
})
