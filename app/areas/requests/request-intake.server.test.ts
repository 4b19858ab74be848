import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { Invalid, NotFound } from '~/lib/errors'
import { hashToken } from '~/lib/tokens.server'
import { givenStorefront, notificationsOf } from '../../../tests/fixtures/vendor'
import { ClaimTaken, createRequest, trackingStage, type RequestInput } from './request-intake.server'

async function refusal(promise: Promise<unknown>) {
  try {
    await promise
  } catch (err) {
    return err
  }
  throw new Error('expected a refusal')
}

describe('a vendor request', () => {
  test('is stored as pending with a readable order number, its items by name, its history and a tracking token', async () => {
    const { organisation, property, products } = await givenStorefront()
    const { request, trackingToken } = await createRequest(
      organisation.id,
      {
        propertyId: property.id,
        vendorName: '  Maria Lopez ',
        requestedProducts: [
          { productId: products[0]!.id, quantity: 2 },
          { productId: products[1]!.id, quantity: 1 },
        ],
      },
      { source: 'vendor', language: 'es' },
    )
    expect(request).toMatchObject({ status: 'pending', vendorName: 'Maria Lopez', orderNumber: 'ORD-000001', language: 'es', propertyId: property.id })
    expect(trackingToken.length).toBeGreaterThanOrEqual(43)
    expect(request.trackingTokenHash).toBe(hashToken(trackingToken))
    const items = await db.requestItem.findMany({ where: { requestId: request.id }, orderBy: { productName: 'asc' } })
    expect(items.map((i) => [i.productName, i.quantity, i.organisationId])).toEqual([
      ['Hand Soap Refill', 2, organisation.id],
      ['Trash Bags 33 gal', 1, organisation.id],
    ])
    expect(await db.requestStatusChange.findMany({ where: { requestId: request.id } })).toEqual([expect.objectContaining({ status: 'pending' })])
  })

  test('tells the managers with a new_request notification naming the order, the vendor and the property', async () => {
    const { organisation, property, products } = await givenStorefront({ name: 'Seaside Lofts' })
    const { request } = await createRequest(
      organisation.id,
      { propertyId: property.id, vendorName: 'Ana', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] },
      { source: 'vendor' },
    )
    const [notification] = await notificationsOf(organisation.id, 'new_request')
    expect(notification).toMatchObject({ requestId: request.id, propertyId: property.id, isRead: false })
    expect(notification!.message).toBe(`New request ${request.orderNumber} from Ana at Seaside Lofts`)
  })

  test('takes the next order number of its own organisation', async () => {
    const a = await givenStorefront()
    const b = await givenStorefront()
    const input = (s: typeof a): RequestInput => ({ propertyId: s.property.id, vendorName: 'V', requestedProducts: [{ productId: s.products[0]!.id, quantity: 1 }] })
    const first = await createRequest(a.organisation.id, input(a), { source: 'vendor' })
    const second = await createRequest(a.organisation.id, input(a), { source: 'vendor' })
    const other = await createRequest(b.organisation.id, input(b), { source: 'vendor' })
    expect([first.request.orderNumber, second.request.orderNumber, other.request.orderNumber]).toEqual(['ORD-000001', 'ORD-000002', 'ORD-000001'])
  })

  test('sent at the same moment as many others, each is stored whole with its own number, and one bad cart refuses only itself', async () => {
    const a = await givenStorefront()
    const b = await givenStorefront()
    const input = (s: typeof a, i: number): RequestInput => ({ propertyId: s.property.id, vendorName: `V${i}`, requestedProducts: [{ productId: s.products[i % 2]!.id, quantity: 1 }] })
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 30 }, (_, i) => createRequest(a.organisation.id, input(a, i), { source: 'vendor' })),
      // Another organisation's product in the cart, and another organisation's property.
      createRequest(a.organisation.id, { ...input(a, 0), requestedProducts: [{ productId: b.products[0]!.id, quantity: 1 }] }, { source: 'vendor' }),
      createRequest(a.organisation.id, input(b, 0), { source: 'vendor' }),
      createRequest(b.organisation.id, input(b, 0), { source: 'vendor' }),
    ])
    const made = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []))
    expect(refused.map((e) => e.constructor)).toEqual([Invalid, NotFound])
    const ofA = made.filter((m) => m.request.organisationId === a.organisation.id).map((m) => m.request.orderNumber)
    expect(ofA.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `ORD-${String(i + 1).padStart(6, '0')}`))
    expect(made.filter((m) => m.request.organisationId === b.organisation.id).map((m) => m.request.orderNumber)).toEqual(['ORD-000001'])
    for (const { request, trackingToken, handoverCode } of made) {
      expect(request.trackingTokenHash).toBe(hashToken(trackingToken))
      expect(handoverCode).toMatch(/^\d{4}$/)
      expect(await db.requestItem.count({ where: { requestId: request.id } })).toBe(1)
      expect(await db.requestStatusChange.count({ where: { requestId: request.id } })).toBe(1)
      expect(await db.handoverCode.count({ where: { requestId: request.id } })).toBe(1)
      expect(await db.notification.count({ where: { requestId: request.id, type: 'new_request', organisationId: request.organisationId } })).toBe(1)
    }
    expect(await db.productRequest.count({ where: { organisationId: a.organisation.id } })).toBe(30)
  })
})

describe('a request is refused, with nothing stored, when', () => {
  async function expectInvalid(input: Partial<RequestInput>, message: string, field: string, source: 'vendor' | 'manager' = 'vendor') {
    const { organisation, property, products } = await givenStorefront()
    const full = { propertyId: property.id, vendorName: 'Maria', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }], ...input } as RequestInput
    const err = await refusal(createRequest(organisation.id, full, { source }))
    expect(err).toBeInstanceOf(Invalid)
    expect((err as Invalid).message).toBe(message)
    expect((err as Invalid).fieldErrors[field]).toContain(message)
    expect(await db.productRequest.count({ where: { organisationId: organisation.id } })).toBe(0)
    expect(await notificationsOf(organisation.id)).toEqual([])
  }

  test('the vendor name is missing or blank', async () => {
    await expectInvalid({ vendorName: '   ' }, 'Vendor name is required', 'vendorName')
    await expectInvalid({ vendorName: undefined }, 'Vendor name is required', 'vendorName')
  })

  test('the property is missing', async () => {
    await expectInvalid({ propertyId: '' }, 'Property is required', 'propertyId')
  })

  test('the cart is empty', async () => {
    await expectInvalid({ requestedProducts: [] }, 'Add at least one product to the request', 'requestedProducts')
  })

  test('a vendor asks for 0, 3 or a fraction of a product', async () => {
    for (const quantity of [0, 3, 1.5]) {
      const { organisation, property, products } = await givenStorefront()
      const err = await refusal(
        createRequest(organisation.id, { propertyId: property.id, vendorName: 'V', requestedProducts: [{ productId: products[0]!.id, quantity }] }, { source: 'vendor' }),
      )
      expect((err as Invalid).fieldErrors['requestedProducts.0.quantity'], String(quantity)).toEqual(['Quantity must be 1 or 2'])
    }
  })

  test('a manager asks for more than 99', async () => {
    await expectInvalid({ requestedProducts: [] }, 'Add at least one product to the request', 'requestedProducts', 'manager')
    const { organisation, property, products } = await givenStorefront()
    const err = await refusal(
      createRequest(organisation.id, { propertyId: property.id, vendorName: 'V', requestedProducts: [{ productId: products[0]!.id, quantity: 100 }] }, { source: 'manager' }),
    )
    expect((err as Invalid).message).toBe('Quantity must be between 1 and 99')
  })

  test('the same product is listed twice', async () => {
    const { organisation, property, products } = await givenStorefront()
    const line = { productId: products[0]!.id, quantity: 1 }
    const err = await refusal(createRequest(organisation.id, { propertyId: property.id, vendorName: 'V', requestedProducts: [line, line] }, { source: 'vendor' }))
    expect((err as Invalid).fieldErrors['requestedProducts.1.productId']).toEqual(['Each product can be listed only once'])
  })

  test('a product is inactive, not assigned to the property, or another organisation’s', async () => {
    const { organisation, property, products } = await givenStorefront({
      products: [{ name: 'Offered' }, { name: 'Switched off', isActive: false }, { name: 'Not stocked here', assigned: false }],
    })
    const stranger = await givenStorefront()
    for (const productId of [products[1]!.id, products[2]!.id, stranger.products[0]!.id, 'no-such-product']) {
      const err = await refusal(
        createRequest(
          organisation.id,
          { propertyId: property.id, vendorName: 'V', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }, { productId, quantity: 1 }] },
          { source: 'vendor' },
        ),
      )
      expect(err).toBeInstanceOf(Invalid)
      expect((err as Invalid).fieldErrors).toEqual({ 'requestedProducts.1.productId': ['This product is not available at this property'] })
    }
    expect(await db.productRequest.count({ where: { organisationId: organisation.id } })).toBe(0)
  })

  test('the property is another organisation’s, or inactive for a vendor (a manager may still enter one)', async () => {
    const mine = await givenStorefront({ propertyActive: false })
    const theirs = await givenStorefront()
    const input = (s: typeof mine): RequestInput => ({ propertyId: s.property.id, vendorName: 'V', requestedProducts: [{ productId: s.products[0]!.id, quantity: 1 }] })
    expect(await refusal(createRequest(mine.organisation.id, input(theirs), { source: 'manager' }))).toBeInstanceOf(NotFound)
    expect(await refusal(createRequest(mine.organisation.id, input(mine), { source: 'vendor' }))).toBeInstanceOf(NotFound)
    const { request } = await createRequest(mine.organisation.id, { ...input(mine), requestedProducts: [{ productId: mine.products[0]!.id, quantity: 12 }] }, { source: 'manager' })
    expect(request.status).toBe('pending')
  })
})

test('the tracking stage follows the request and its delivery', () => {
  expect(trackingStage('pending', null)).toBe('received')
  expect(trackingStage('pending', 'cancelled')).toBe('received')
  expect(trackingStage('pending', 'assigned')).toBe('assigned')
  expect(trackingStage('in_progress', null)).toBe('assigned')
  expect(trackingStage('in_progress', 'picked_up')).toBe('on_the_way')
  expect(trackingStage('in_progress', 'in_transit')).toBe('on_the_way')
  expect(trackingStage('in_progress', 'delivered')).toBe('delivered')
  expect(trackingStage('completed', null)).toBe('delivered')
  expect(trackingStage('archived', null)).toBe('closed')
  expect(trackingStage('archived', 'delivered')).toBe('delivered')
})

describe('a claim (what a standing order takes with its request)', () => {
  test('taken already, or failing, refuses only its own request: the vendor written with it is stored, and no order number is spent', async () => {
    const { organisation, property, products } = await givenStorefront()
    const input = (vendorName: string) => ({ propertyId: property.id, vendorName, requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] })
    // Sent together, so they are written in one transaction.
    const [vendor, taken, failing] = await Promise.allSettled([
      createRequest(organisation.id, input('Olena'), { source: 'vendor' }),
      createRequest(organisation.id, input('Taken slot'), { source: 'manager', claim: () => false }),
      createRequest(organisation.id, input('Broken slot'), {
        source: 'manager',
        claim: () => {
          throw new Error('the slot could not be read')
        },
      }),
    ])
    expect(vendor).toMatchObject({ status: 'fulfilled', value: { request: { vendorName: 'Olena', orderNumber: 'ORD-000001' } } })
    expect(taken).toMatchObject({ status: 'rejected', reason: expect.any(ClaimTaken) })
    expect(failing).toMatchObject({ status: 'rejected', reason: { message: 'the slot could not be read' } })
    expect((await db.productRequest.findMany({ where: { organisationId: organisation.id } })).map((r) => r.vendorName)).toEqual(['Olena'])
    expect(await db.sequence.findMany({ where: { organisationId: organisation.id } })).toEqual([expect.objectContaining({ value: 1 })])
  })
})
