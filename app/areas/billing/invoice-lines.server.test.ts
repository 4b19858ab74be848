import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { itemsOfFoundInvoice } from './invoice-lines.server'
import { givenDeliveredRequest, givenRequestWith, givenSite } from '../../../tests/fixtures/requests'

async function givenOrganisation() {
  return db.organisation.create({ data: { name: `Lines ${Math.random().toString(36).slice(2, 8)}` } })
}

async function givenInvoice(orgId: string, lines: Array<{ description: string; requestId?: string; createdAt: Date; unitPriceCents?: number | null; quantity?: string }>) {
  const invoice = await db.invoice.create({
    data: { organisationId: orgId, invoiceNumber: `INV-${Math.random().toString(36).slice(2, 8)}`, recipientName: 'Pat Payer', recipientEmail: 'pat@payer.test', subtotalCents: 0, totalAmountCents: 0 },
  })
  for (const line of lines) {
    await db.invoiceItem.create({
      data: {
        organisationId: orgId,
        invoiceId: invoice.id,
        description: line.description,
        requestId: line.requestId ?? null,
        quantity: line.quantity ?? '1',
        unitPriceCents: line.unitPriceCents === undefined ? 1999 : line.unitPriceCents,
        totalPriceCents: line.unitPriceCents === undefined ? 1999 : line.unitPriceCents,
        createdAt: line.createdAt,
      },
    })
  }
  return invoice
}

test("each line comes with its request, the request's property and its latest delivery with that delivery's proof, in the order the lines were added", async () => {
  const org = await givenOrganisation()
  const harbor = await givenSite(org.id, { address: '12 Harbor Road, Bayside' })
  const requestedAt = new Date('2026-11-02T10:00:00.000Z')
  // Delivered twice: the first delivery was undone and done again, with its own proof.
  const redelivered = await givenDeliveredRequest(org.id, { propertyId: harbor.id, vendorName: 'Acme Cleaning', createdAt: requestedAt })
  await db.runnerAssignment.update({ where: { id: redelivered.assignment.id }, data: { deliveredAt: new Date('2026-11-03T09:00:00.000Z') } })
  const again = await db.runnerAssignment.create({
    data: { organisationId: org.id, requestId: redelivered.request.id, runnerId: redelivered.assignment.runnerId, status: 'delivered', deliveredAt: new Date('2026-11-04T16:30:00.000Z') },
  })
  await db.deliveryProof.create({
    data: {
      organisationId: org.id,
      assignmentId: again.id,
      imageUrl: '/images/full.jpg',
      thumbnailUrl: null,
      receivedBy: 'Concierge Sam',
      signatureUrl: '/images/signature.png',
      capturedAt: new Date('2026-11-04T16:29:00.000Z'),
      latitude: 40.7128,
      longitude: -74.006,
    },
  })
  // Delivered, with no proof; its delivery has no time of its own, so it is when it was last changed.
  const unproven = await givenRequestWith(org.id, { propertyId: null, vendorName: 'Bright Facilities', status: 'completed', createdAt: requestedAt })
  const quietDelivery = await db.runnerAssignment.create({
    data: { organisationId: org.id, requestId: unproven.id, runnerId: redelivered.assignment.runnerId, status: 'delivered', deliveredAt: null },
  })
  // Assigned but not delivered: no delivery on the invoice.
  const underway = await givenRequestWith(org.id, { propertyId: harbor.id, vendorName: 'Carl Carts', status: 'in_progress', createdAt: requestedAt })
  await db.runnerAssignment.create({ data: { organisationId: org.id, requestId: underway.id, runnerId: redelivered.assignment.runnerId, status: 'in_progress' } })

  const invoice = await givenInvoice(org.id, [
    { description: 'Typed in by hand', createdAt: new Date('2026-11-05T08:00:00.000Z'), unitPriceCents: null, quantity: '2.5' },
    { description: 'Glass Cleaner', requestId: redelivered.request.id, createdAt: new Date('2026-11-05T07:00:00.000Z') },
    { description: 'Mop Heads', requestId: unproven.id, createdAt: new Date('2026-11-05T07:30:00.000Z') },
    { description: 'Paper Towels', requestId: underway.id, createdAt: new Date('2026-11-05T07:45:00.000Z') },
  ])
  // Another organisation's line on the same invoice id is never read (each line is scoped as well).
  const stranger = await givenOrganisation()
  await db.invoiceItem.create({ data: { organisationId: stranger.id, invoiceId: invoice.id, description: 'Not ours', createdAt: new Date('2026-11-05T06:00:00.000Z') } })

  const lines = await itemsOfFoundInvoice(org.id, invoice.id)
  expect(lines.map((l) => l.description)).toEqual(['Glass Cleaner', 'Mop Heads', 'Paper Towels', 'Typed in by hand'])
  const [glass, mop, towels, byHand] = lines
  expect(glass).toEqual({
    id: expect.any(String),
    invoiceId: invoice.id,
    requestId: redelivered.request.id,
    productId: null,
    description: 'Glass Cleaner',
    quantity: '1',
    unitPrice: '19.99',
    totalPrice: '19.99',
    createdAt: new Date('2026-11-05T07:00:00.000Z'),
    orderNumber: redelivered.request.orderNumber,
    vendorName: 'Acme Cleaning',
    propertyAddress: '12 Harbor Road, Bayside',
    requestDate: requestedAt,
    deliveredAt: new Date('2026-11-04T16:30:00.000Z'),
    // No thumbnail: the photo itself.
    proofThumbnailUrl: '/images/full.jpg',
    proofReceivedBy: 'Concierge Sam',
    proofSignatureUrl: '/images/signature.png',
    proofCapturedAt: new Date('2026-11-04T16:29:00.000Z'),
    proofLocation: { latitude: 40.7128, longitude: -74.006 },
  })
  const quiet = await db.runnerAssignment.findUniqueOrThrow({ where: { id: quietDelivery.id } })
  expect(mop).toMatchObject({
    vendorName: 'Bright Facilities',
    propertyAddress: null,
    deliveredAt: quiet.updatedAt,
    proofThumbnailUrl: null,
    proofReceivedBy: null,
    proofSignatureUrl: null,
    proofCapturedAt: null,
    proofLocation: null,
  })
  expect(towels).toMatchObject({ vendorName: 'Carl Carts', propertyAddress: '12 Harbor Road, Bayside', deliveredAt: null, proofThumbnailUrl: null })
  expect(byHand).toMatchObject({
    requestId: null,
    quantity: '2.5',
    unitPrice: null,
    totalPrice: null,
    orderNumber: null,
    vendorName: null,
    propertyAddress: null,
    requestDate: null,
    deliveredAt: null,
    proofLocation: null,
  })
})

test("an invoice of another organisation has no lines for the caller", async () => {
  const org = await givenOrganisation()
  const other = await givenOrganisation()
  const invoice = await givenInvoice(org.id, [{ description: 'Ours', createdAt: new Date('2026-11-05T08:00:00.000Z') }])
  expect(await itemsOfFoundInvoice(other.id, invoice.id)).toEqual([])
  expect((await itemsOfFoundInvoice(org.id, invoice.id)).map((l) => l.description)).toEqual(['Ours'])
})
