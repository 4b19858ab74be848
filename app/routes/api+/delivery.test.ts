// The delivery order response a client written to the spec (§3) reads: exactly these keys.
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenAssignment } from '../../../tests/fixtures/dispatch'
import { organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

const sorted = (o: object) => Object.keys(o).sort()

test('the delivery order has the spec shape, without deliveryProof until a proof exists', async () => {
  await app.signedIn('delivery-shape@x.test')
  const { id: orgId } = await organisationOf('delivery-shape@x.test')
  const { assignment, runner, property, request, linkToken } = await givenAssignment(orgId, 'in_transit')
  const res = await app.client().get(`/api/delivery/${assignment.id}?token=${linkToken}`)
  expect(res.status).toBe(200)
  const order = await res.json()
  expect(sorted(order)).toEqual(['assignment', 'property', 'request', 'runner'])
  expect(order.assignment).toEqual({ id: assignment.id, status: 'in_transit', notes: null })
  expect(order.property).toEqual({ name: property.name, address: property.address })
  expect(order.runner).toEqual({ name: runner.name, phone: runner.phone })
  expect(order.request).toMatchObject({ orderNumber: request.orderNumber, vendorName: 'Vera Vendor' })
  expect(order.request.requestedProducts).toEqual([
    expect.objectContaining({ id: expect.any(String), name: 'Glass Cleaner', category: 'Cleaning', quantity: 2 }),
  ])
  // No picture on the product: imageUrl is optional and left out rather than null.
  expect(order.request.requestedProducts[0]).not.toHaveProperty('imageUrl')

  const submittedAt = new Date('2026-03-02T10:00:00Z')
  await db.deliveryProof.create({
    data: { organisationId: orgId, assignmentId: assignment.id, imageUrl: '/images/p.jpg', thumbnailUrl: '/images/p-t.jpg', notes: 'At reception', submittedAt },
  })
  const proved = await (await app.client().get(`/api/delivery/${assignment.id}?token=${linkToken}`)).json()
  expect(sorted(proved)).toEqual(['assignment', 'deliveryProof', 'property', 'request', 'runner'])
  expect(proved.deliveryProof).toEqual({
    imageUrl: '/images/p.jpg',
    thumbnailUrl: '/images/p-t.jpg',
    notes: 'At reception',
    submittedAt: submittedAt.toISOString(),
  })
})
