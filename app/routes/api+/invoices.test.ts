import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenPricedProducts, givenRequestsToInvoice } from '../../../tests/fixtures/billing'
import { givenDeliveredRequest, givenSite } from '../../../tests/fixtures/requests'
import { organisationOf } from '../../../tests/fixtures/people'
import { decodePart, headerOf, mimeParts, startSmtp } from '../../../tests/support/smtp'
import { pdfImages, pdfText } from '../../../tests/support/pdf'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

async function manager(email: string) {
  const client = await app.signedIn(email)
  return { client, orgId: (await organisationOf(email)).id }
}

type Client = Awaited<ReturnType<typeof app.signedIn>>
type Invoice = Record<string, unknown> & { id: string; invoiceNumber: string; status: string; emailStatus: string }

const recipient = { recipientName: 'Pat Payer', recipientEmail: 'pat@payer.test' }

async function created(client: Client, body: unknown) {
  const res = await client.post('/api/invoices', body)
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as Invoice
}


const savedEnv = { SMTP_URL: process.env.SMTP_URL, OUTBOX_DIR: process.env.OUTBOX_DIR }
afterEach(() => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
})

describe('creating invoices', () => {
  test('totals are exact on awkward prices: $0.10 × 3 and $19.99 × 7 at 8.875%', async () => {
    const { client } = await manager('totals@x.test')
    const invoice = await created(client, {
      ...recipient,
      taxRate: '8.875',
      items: [
        { description: 'Paper towels', quantity: '3', unitPrice: '$0.10' },
        { description: 'Glass cleaner', quantity: '7', unitPrice: '$19.99' },
      ],
      // Never trusted: the server computes the totals from the lines.
      subtotal: '1.00',
      totalAmount: '1.00',
    })
    // 0.30 + 139.93 = 140.23; × 8.875% = 12.4454… → 12.45
    expect(invoice).toMatchObject({
      subtotal: '140.23',
      taxRate: '8.875',
      taxAmount: '12.45',
      totalAmount: '152.68',
      status: 'draft',
      emailStatus: 'pending',
      paymentTerms: 'Net 30',
      isArchived: false,
      invoiceNumber: `INV-${new Date().getUTCFullYear()}-0001`,
    })
    const due = new Date(invoice.dueDate as string).getTime() - new Date(invoice.invoiceDate as string).getTime()
    expect(due).toBe(30 * 24 * 60 * 60 * 1000)

    const only = await created(client, { ...recipient, taxRate: '8.875', items: [{ description: 'Glass cleaner', quantity: 7, unitPrice: '19.99' }] })
    expect(only).toMatchObject({ subtotal: '139.93', taxAmount: '12.42', totalAmount: '152.35' })
    expect(only.invoiceNumber).toBe(`INV-${new Date().getUTCFullYear()}-0002`)

    const items = await (await client.get(`/api/invoices/${invoice.id}/items`)).json()
    expect(items).toMatchObject([
      { description: 'Paper towels', quantity: '3', unitPrice: '0.10', totalPrice: '0.30' },
      { description: 'Glass cleaner', quantity: '7', unitPrice: '19.99', totalPrice: '139.93' },
    ])
  })

  test('numbers stay unique and sequential when invoices are created at the same moment', async () => {
    const { client } = await manager('numbers@x.test')
    const made = await Promise.all(Array.from({ length: 6 }, () => created(client, { ...recipient, subtotal: '1' })))
    const year = new Date().getUTCFullYear()
    expect(made.map((i) => i.invoiceNumber).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `INV-${year}-000${n}`))
    // Another organisation counts from 1 again.
    const other = await manager('numbers-other@x.test')
    expect((await created(other.client, { ...recipient, subtotal: '1' })).invoiceNumber).toBe(`INV-${year}-0001`)
  })

  test('the list comes a page at a time however many there are, each line count right, and a bad limit is a 400', async () => {
    const { client, orgId } = await manager('many-invoices@x.test')
    // Past SQLite's parameter limit, where the whole list once answered a 500.
    const start = Date.UTC(2026, 0, 1)
    await db.invoice.createMany({
      data: Array.from({ length: 1_200 }, (_, i) => ({
        organisationId: orgId,
        invoiceNumber: `INV-2026-${String(i + 1).padStart(5, '0')}`,
        invoiceDate: new Date(start + i * 60_000),
        createdAt: new Date(start + i * 60_000),
        recipientName: 'Pat Payer',
        recipientEmail: 'pat@payer.test',
        subtotalCents: 100,
        totalAmountCents: 100,
      })),
    })
    const withLines = await created(client, { ...recipient, items: [{ description: 'A', unitPrice: '1' }, { description: 'B', unitPrice: '2' }] })
    const seen = new Set<string>()
    let next: string | null = '/api/invoices?limit=500'
    let pages = 0
    while (next) {
      const res = await client.get(next)
      expect(res.status).toBe(200)
      const page = (await res.json()) as Array<Invoice & { itemCount?: number; _count?: unknown }>
      expect(page.length).toBeLessThanOrEqual(500)
      for (const invoice of page) seen.add(invoice.id)
      next = /<([^>]+)>; rel="next"/.exec(res.headers.get('Link') ?? '')?.[1] ?? null
      pages++
    }
    expect(pages).toBe(3)
    expect(seen.size).toBe(1_201)
    const first = await client.get('/api/invoices')
    const newest = (await first.json()) as Invoice[]
    expect(newest).toHaveLength(100)
    expect(first.headers.get('X-Next-Cursor')).toBeTruthy()
    expect(newest[0]).toMatchObject({ id: withLines.id })
    expect(newest[0]).toEqual(await (await client.get(`/api/invoices/${withLines.id}`)).json())
    const bad = await client.get('/api/invoices?limit=lots')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ fieldErrors: { limit: ['Limit must be a number'] } })
  })

  test('defaults: tax 0, Net 30, and an unparseable price is $0.00', async () => {
    const { client } = await manager('defaults@x.test')
    const invoice = await created(client, { ...recipient, items: [{ description: 'Mystery', unitPrice: 'call us' }] })
    expect(invoice).toMatchObject({ subtotal: '0.00', taxAmount: '0.00', taxRate: '0', totalAmount: '0.00', paymentTerms: 'Net 30' })
    const withoutLines = await created(client, { ...recipient, subtotal: '$100.00', taxRate: '10' })
    expect(withoutLines).toMatchObject({ subtotal: '100.00', taxAmount: '10.00', totalAmount: '110.00' })
  })

  test('the spec messages for a missing name and a bad e-mail; nothing is created', async () => {
    const { client, orgId } = await manager('invalid@x.test')
    let res = await client.post('/api/invoices', { recipientName: ' ', recipientEmail: 'pat@payer.test' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'Recipient name is required' })
    res = await client.post('/api/invoices', { recipientName: 'Pat', recipientEmail: 'not-an-email' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'Valid email is required', fieldErrors: { recipientEmail: ['Valid email is required'] } })
    res = await client.post('/api/invoices', { ...recipient, items: [{ description: 'Yacht', quantity: '1000000', unitPrice: '$99,999.99' }] })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('Amounts must be less than $20,000,000.')
    expect(await db.invoice.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test('managers move an invoice between draft, sent and paid; unpaid past due shows overdue', async () => {
    const { client } = await manager('status@x.test')
    const invoice = await created(client, { ...recipient, subtotal: '10' })
    let res = await client.patch(`/api/invoices/${invoice.id}/status`, { status: 'paid' })
    expect((await res.json()).status).toBe('paid')
    res = await client.patch(`/api/invoices/${invoice.id}/status`, { status: 'overdue' })
    expect(res.status).toBe(400)
    const late = await created(client, { ...recipient, subtotal: '10', invoiceDate: '2026-01-01', dueDate: '2026-01-31' })
    expect(late.status).toBe('overdue')
    res = await client.patch(`/api/invoices/${late.id}/status`, { status: 'paid' })
    expect((await res.json()).status).toBe('paid')
    const list = (await (await client.get('/api/invoices?status=paid')).json()) as Invoice[]
    expect(list.map((i) => i.id).sort()).toEqual([invoice.id, late.id].sort())
  })
})

describe('invoices from requests', () => {
  test('one line per requested product at its price × quantity, with the vendor, address and date', async () => {
    const { client, orgId } = await manager('from-requests@x.test')
    const { delivered, plain } = await givenRequestsToInvoice(orgId)
    const res = await client.post('/api/invoices/from-requests', {
      requestIds: [plain.id, delivered.request.id],
      invoiceData: { ...recipient, taxRate: '8.875', recipientAddress: '1 Payer Plaza' },
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const invoice = (await res.json()) as Invoice
    // 19.99 × 7 = 139.93; 0.10 × 3 = 0.30; "call us" × 2 = 0.00 → 140.23, tax 12.45
    expect(invoice).toMatchObject({ subtotal: '140.23', taxAmount: '12.45', totalAmount: '152.68', status: 'draft', recipientAddress: '1 Payer Plaza' })
    const items = await (await client.get(`/api/invoices/${invoice.id}/items`)).json()
    expect(items).toMatchObject([
      {
        description: 'Glass Cleaner',
        quantity: '7',
        unitPrice: '19.99',
        totalPrice: '139.93',
        requestId: delivered.request.id,
        vendorName: 'Acme Cleaning',
        propertyAddress: '12 Harbor Road, Bayside',
        requestDate: '2026-11-02T10:00:00.000Z',
        deliveredAt: expect.any(String),
        proofThumbnailUrl: expect.stringMatching(/^\/images\/.+\.jpg$/),
      },
      { description: 'Mop Heads', quantity: '2', unitPrice: '0.00', totalPrice: '0.00', vendorName: 'Bright Facilities', deliveredAt: null },
      { description: 'Paper Towels', quantity: '3', unitPrice: '0.10', totalPrice: '0.30', propertyAddress: '400 Oak Avenue, Springfield', requestDate: '2026-11-05T10:00:00.000Z' },
    ])
  })

  test('the spec messages: no requests selected, then the recipient', async () => {
    const { client, orgId } = await manager('from-requests-invalid@x.test')
    const { plain } = await givenRequestsToInvoice(orgId)
    let res = await client.post('/api/invoices/from-requests', { requestIds: [], invoiceData: recipient })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('Please select at least one request to create an invoice')
    res = await client.post('/api/invoices/from-requests', { requestIds: [plain.id], invoiceData: { recipientName: '', recipientEmail: 'pat@payer.test' } })
    expect((await res.json()).error).toBe('Recipient name is required')
    res = await client.post('/api/invoices/from-requests', { requestIds: [plain.id], invoiceData: { recipientName: 'Pat', recipientEmail: 'nope' } })
    expect((await res.json()).error).toBe('Valid email is required')
    expect(await db.invoice.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test("another organisation's request is not found and nothing is created", async () => {
    const { client, orgId } = await manager('from-requests-mine@x.test')
    const other = await manager('from-requests-theirs@x.test')
    const theirs = await givenRequestsToInvoice(other.orgId)
    const mine = await givenRequestsToInvoice(orgId)
    const res = await client.post('/api/invoices/from-requests', { requestIds: [mine.plain.id, theirs.plain.id], invoiceData: recipient })
    expect(res.status).toBe(404)
    expect(await db.invoice.count({ where: { organisationId: orgId } })).toBe(0)
  })
})

describe('recipients', () => {
  test('are saved from invoices, once per e-mail, newest details winning', async () => {
    const { client } = await manager('recipients@x.test')
    await created(client, { recipientName: 'Pat Payer', recipientEmail: 'Pat@Payer.test', recipientPhone: '555-0100', subtotal: '1' })
    await created(client, { recipientName: 'Patricia Payer', recipientEmail: 'pat@payer.test', recipientAddress: '1 Payer Plaza', subtotal: '1' })
    await created(client, { recipientName: 'Quinn', recipientEmail: 'quinn@payer.test', subtotal: '1' })
    const res = await client.get('/api/recipients')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject([
      { name: 'Patricia Payer', email: 'pat@payer.test', phone: '555-0100', address: '1 Payer Plaza', isActive: true },
      { name: 'Quinn', email: 'quinn@payer.test' },
    ])
    const other = await manager('recipients-other@x.test')
    expect(await (await other.client.get('/api/recipients')).json()).toEqual([])
  })
})

describe('archive, restore and delete', () => {
  test('only an archived invoice can be deleted', async () => {
    const { client } = await manager('archive@x.test')
    const invoice = await created(client, { ...recipient, subtotal: '5' })
    let res = await client.delete(`/api/invoices/${invoice.id}`)
    expect(res.status).toBe(409)
    expect((await res.json()).error).toMatch(/archived/)

    res = await client.patch(`/api/invoices/${invoice.id}/archive`)
    expect(await res.json()).toMatchObject({ isArchived: true, archivedAt: expect.any(String) })
    expect(((await (await client.get('/api/invoices?tab=active')).json()) as Invoice[]).length).toBe(0)
    expect(((await (await client.get('/api/invoices?tab=archived')).json()) as Invoice[]).length).toBe(1)

    res = await client.patch(`/api/invoices/${invoice.id}/restore`)
    expect(await res.json()).toMatchObject({ isArchived: false, archivedAt: null })
    expect((await client.delete(`/api/invoices/${invoice.id}`)).status).toBe(409)

    await client.patch(`/api/invoices/${invoice.id}/archive`)
    res = await client.delete(`/api/invoices/${invoice.id}`)
    expect(res.status).toBe(204)
    expect((await client.get(`/api/invoices/${invoice.id}`)).status).toBe(404)
  })
})

describe('the PDF', () => {
  test('has the header, numbers, recipient, lines, totals, terms and the delivery of delivered requests', async () => {
    const { client, orgId } = await manager('pdf@x.test')
    const { delivered, plain } = await givenRequestsToInvoice(orgId)
    const invoice = (await (
      await client.post('/api/invoices/from-requests', {
        requestIds: [delivered.request.id, plain.id],
        invoiceData: { ...recipient, taxRate: '8.875', notes: 'Thanks for the quick turnaround' },
      })
    ).json()) as Invoice
    const res = await client.get(`/api/invoices/${invoice.id}/pdf`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toContain(`${invoice.invoiceNumber}.pdf`)
    const bytes = Buffer.from(await res.arrayBuffer())
    const text = await pdfText(bytes)
    for (const expected of ['INVOICE', invoice.invoiceNumber, 'Pat Payer', 'pat@payer.test', 'Glass Cleaner', 'Acme Cleaning', '12 Harbor Road, Bayside', '$139.93', 'Subtotal', '$140.23', 'Tax (8.875%)', '$12.45', '$152.68', 'Net 30', 'Delivered', 'Thanks for the quick turnaround']) {
      expect(text).toContain(expected)
    }
    // The proof photo is embedded as an image.
    expect(bytes.toString('latin1')).toMatch(/\/Subtype\s*\/Image/)
    if (process.env.KEEP_INVOICE_PDF) fs.writeFileSync(process.env.KEEP_INVOICE_PDF, bytes)
  })

  test('its dates read in the organisation’s zone for a moment, and unchanged for a calendar day', async () => {
    const { client, orgId } = await manager('pdf-zone@x.test')
    // Auckland is 13 hours ahead in November: 20:00 UTC on the 25th is the morning of the 26th there.
    await db.organisation.update({ where: { id: orgId }, data: { timeZone: 'Pacific/Auckland' } })
    const invoice = await created(client, { ...recipient, subtotal: '10', invoiceDate: '2026-11-25T20:00:00Z', dueDate: '2026-12-10', paymentTerms: 'Net 15' })
    const text = await pdfText(await pdfOf(client, invoice.id))
    expect(text).toMatch(/Invoice date\s*Nov 26, 2026/)
    // The due date was typed as a day (stored at UTC midnight): the 10th in every zone, not the 11th.
    expect(text).toMatch(/Due date\s*Dec 10, 2026/)
    expect(text).toContain('payment is due by Dec 10, 2026')
    expect(text).not.toContain('Nov 25, 2026')
  })

  test('its number carries the year of the day it shows, on the organisation’s clock', async () => {
    const { client, orgId } = await manager('number-zone@x.test')
    await db.organisation.update({ where: { id: orgId }, data: { timeZone: 'America/New_York' } })
    // 10 pm on New Year's Eve in New York, already 2027 in UTC.
    const evening = await created(client, { ...recipient, subtotal: '10', invoiceDate: '2027-01-01T03:00:00Z' })
    expect(evening.invoiceNumber).toBe('INV-2026-0001')
    expect(await pdfText(await pdfOf(client, evening.id))).toMatch(/Invoice date\s*Dec 31, 2026/)
    // A day typed in is that day, and its year, in every zone.
    expect((await created(client, { ...recipient, subtotal: '10', invoiceDate: '2027-01-01' })).invoiceNumber).toBe('INV-2027-0001')
  })
})

// The identity settings page is another screen's: here the columns are set as it would set them.
async function givenIdentity(orgId: string, fields: { name: string; address?: string; contactEmail?: string; contactPhone?: string; taxId?: string }) {
  await db.organisation.update({ where: { id: orgId }, data: fields })
}

async function pdfOf(client: Client, id: string) {
  const res = await client.get(`/api/invoices/${id}/pdf`)
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

describe('the issuer', () => {
  test("the PDF is from the organisation: its name, postal address, contact e-mail and phone and tax number", async () => {
    const { client, orgId } = await manager('issuer@x.test')
    await givenIdentity(orgId, {
      name: 'Harbor Lane Properties',
      address: '7 Quay Street, Portsmouth PO1 2AB',
      contactEmail: 'accounts@harborlane.test',
      contactPhone: '+44 23 9200 0000',
      taxId: 'GB 123 4567 89',
    })
    const invoice = await created(client, { ...recipient, subtotal: '10' })
    const text = await pdfText(await pdfOf(client, invoice.id))
    for (const expected of ['Harbor Lane Properties', '7 Quay Street, Portsmouth PO1 2AB', 'accounts@harborlane.test', '+44 23 9200 0000', 'Tax ID: GB 123 4567 89']) {
      expect(text).toContain(expected)
    }
    // Nobody's tagline but the organisation's own details.
    expect(text).not.toContain('Restock and delivery services')
  })

  test('without the optional details the block is the name alone, and a logo that is gone leaves the PDF whole', async () => {
    const { client, orgId } = await manager('issuer-bare@x.test')
    await db.organisation.update({ where: { id: orgId }, data: { name: 'Bare Org', logoUrl: '/images/00000000-0000-4000-8000-000000000000.jpg' } })
    const invoice = await created(client, { ...recipient, subtotal: '10' })
    const bytes = await pdfOf(client, invoice.id)
    const text = await pdfText(bytes)
    expect(text).toContain('Bare Org')
    expect(text).not.toContain('Tax ID')
    expect(await pdfImages(bytes)).toHaveLength(0)
  })

  test('the logo, read from the image storage, heads the PDF', async () => {
    const { client, orgId } = await manager('issuer-logo@x.test')
    const sharp = (await import('sharp')).default
    const data = await sharp({ create: { width: 200, height: 80, channels: 3, background: { r: 30, g: 60, b: 160 } } }).jpeg().toBuffer()
    const image = await db.storedImage.create({
      data: { organisationId: orgId, contentType: 'image/jpeg', byteSize: data.byteLength, width: 200, height: 80, data: new Uint8Array(data) },
    })
    await db.organisation.update({ where: { id: orgId }, data: { name: 'Logo Org', logoUrl: `/images/${image.id}.jpg` } })
    const invoice = await created(client, { ...recipient, subtotal: '10' })
    const bytes = await pdfOf(client, invoice.id)
    if (process.env.KEEP_INVOICE_PDF) fs.writeFileSync(process.env.KEEP_INVOICE_PDF.replace(/(\.pdf)?$/, '-logo.pdf'), bytes)
    expect(await pdfImages(bytes)).toEqual([{ page: 1, width: 200, height: 80 }])
  })

  test('an issued invoice keeps the issuer it was issued with after a rename; a draft follows the new name', async () => {
    const { client, orgId } = await manager('issuer-rename@x.test')
    await givenIdentity(orgId, { name: 'Old Name Lettings', address: '1 First Road', taxId: 'OLD-1' })
    const issued = await created(client, { ...recipient, subtotal: '10' })
    const draft = await created(client, { ...recipient, subtotal: '20' })
    expect(draft.issuer).toBeNull()
    const marked = await client.patch(`/api/invoices/${issued.id}/status`, { status: 'sent' })
    expect(marked.status, await marked.clone().text()).toBe(200)
    expect(await marked.json()).toMatchObject({ status: 'sent', issuer: { name: 'Old Name Lettings', address: '1 First Road', taxId: 'OLD-1' } })

    await givenIdentity(orgId, { name: 'New Name Homes', address: '2 Second Street', taxId: 'NEW-2' })
    const issuedText = await pdfText(await pdfOf(client, issued.id))
    expect(issuedText).toContain('Old Name Lettings')
    expect(issuedText).toContain('1 First Road')
    expect(issuedText).not.toContain('New Name Homes')
    const draftText = await pdfText(await pdfOf(client, draft.id))
    expect(draftText).toContain('New Name Homes')
    expect(draftText).toContain('2 Second Street')
    expect(draftText).not.toContain('Old Name Lettings')
    // Paid later, it is still the invoice that was issued.
    await client.patch(`/api/invoices/${issued.id}/status`, { status: 'paid' })
    expect(await pdfText(await pdfOf(client, issued.id))).toContain('Old Name Lettings')
    expect(await (await client.get(`/api/invoices/${issued.id}`)).json()).toMatchObject({ issuer: { name: 'Old Name Lettings' } })
  })
})

describe('proof photos', () => {
  test('an order of three lines shows its photo once', async () => {
    const { client, orgId } = await manager('photo-once@x.test')
    const products = await givenPricedProducts(orgId, { 'Glass Cleaner': '$19.99', 'Paper Towels': '$0.10', 'Mop Heads': '$4.00' })
    const site = await givenSite(orgId, { name: 'Harbor View', address: '12 Harbor Road' })
    const { request } = await givenDeliveredRequest(orgId, {
      propertyId: site.id,
      vendorName: 'Acme Cleaning',
      products: Object.values(products).map((p) => ({ id: p.id, name: p.name, quantity: 2 })),
    })
    const invoice = (await (await client.post('/api/invoices/from-requests', { requestIds: [request.id], invoiceData: recipient })).json()) as Invoice
    const bytes = await pdfOf(client, invoice.id)
    const text = await pdfText(bytes)
    for (const name of Object.keys(products)) expect(text).toContain(name)
    expect(await pdfImages(bytes)).toHaveLength(1)
    expect(text.match(/Delivered /g)).toHaveLength(1)
  })

  test('over page breaks each photo stays on the page of its line and its caption', async () => {
    const { client, orgId } = await manager('photo-pages@x.test')
    const products = await givenPricedProducts(orgId, { 'Glass Cleaner': '$19.99', 'Paper Towels': '$0.10' })
    const site = await givenSite(orgId, { name: 'Harbor View', address: '12 Harbor Road' })
    const ids: string[] = []
    for (let i = 0; i < 12; i++) {
      const { request } = await givenDeliveredRequest(orgId, {
        propertyId: site.id,
        vendorName: `Vendor ${i}`,
        products: Object.values(products).map((p) => ({ id: p.id, name: p.name, quantity: 1 })),
      })
      ids.push(request.id)
    }
    await db.deliveryProof.updateMany({ where: { organisationId: orgId }, data: { receivedBy: 'Dana Desk' } })
    const invoice = (await (await client.post('/api/invoices/from-requests', { requestIds: ids, invoiceData: recipient })).json()) as Invoice
    const bytes = await pdfOf(client, invoice.id)
    if (process.env.KEEP_INVOICE_PDF) fs.writeFileSync(process.env.KEEP_INVOICE_PDF.replace(/(\.pdf)?$/, '-pages.pdf'), bytes)
    const pages = (await pdfText(bytes)).split('\f')
    expect(pages.length).toBeGreaterThan(1)
    const images = await pdfImages(bytes)
    expect(images).toHaveLength(12)
    pages.forEach((page, i) => {
      const photos = images.filter((img) => img.page === i + 1).length
      expect(page.match(/Delivered /g)?.length ?? 0, `page ${i + 1}`).toBe(photos)
      expect(page.match(/Received by Dana Desk/g)?.length ?? 0, `page ${i + 1}`).toBe(photos)
    })
  })
})

describe('e-mail', () => {
  test('goes through SMTP with the PDF attached and is recorded as sent', async () => {
    const smtp = await startSmtp()
    try {
      process.env.SMTP_URL = smtp.url
      const { client, orgId } = await manager('mail@x.test')
      await givenIdentity(orgId, { name: 'Harbor Lane Properties', address: '7 Quay Street' })
      const invoice = await created(client, { ...recipient, items: [{ description: 'Glass cleaner', quantity: '7', unitPrice: '$19.99' }], taxRate: '8.875' })
      const res = await client.post('/api/invoices/email', { invoiceId: invoice.id })
      expect(res.status, await res.clone().text()).toBe(200)
      const body = await res.json()
      expect(body).toMatchObject({ delivery: 'smtp', invoice: { emailStatus: 'sent', emailSentAt: expect.any(String), status: 'sent' } })

      expect(smtp.received).toHaveLength(1)
      const mail = smtp.received[0]!
      expect(mail.to).toEqual(['pat@payer.test'])
      // From the organisation by name, at the address this server sends as.
      expect(headerOf(mail.raw, 'from')).toBe('Harbor Lane Properties <no-reply@stockrun.local>')
      expect(headerOf(mail.raw, 'subject')).toContain(invoice.invoiceNumber)
      const parts = mimeParts(mail.raw)
      const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'))
      const html = parts.find((p) => p.headers['content-type']?.startsWith('text/html'))
      expect(decodePart(text!).toString()).toContain('$152.35')
      expect(decodePart(html!).toString()).toContain('<strong>$152.35</strong>')
      const attachment = parts.find((p) => p.headers['content-type']?.startsWith('application/pdf'))
      expect(attachment?.headers['content-disposition']).toContain(`${invoice.invoiceNumber}.pdf`)
      const pdf = decodePart(attachment!)
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF')
      const pdfContent = await pdfText(pdf)
      expect(pdfContent).toContain(invoice.invoiceNumber)
      expect(pdfContent).toContain('$152.35')
      expect(pdfContent).toContain('Harbor Lane Properties')

      // Sent, it is issued: the invoice keeps the issuer the recipient's copy shows, after a rename too.
      expect(body.invoice.issuer).toMatchObject({ name: 'Harbor Lane Properties', address: '7 Quay Street' })
      await givenIdentity(orgId, { name: 'Renamed Ltd' })
      expect(await pdfText(await pdfOf(client, invoice.id))).toContain('Harbor Lane Properties')
      await client.post('/api/invoices/email', { invoiceId: invoice.id })
      expect(headerOf(smtp.received[1]!.raw, 'from')).toContain('Harbor Lane Properties')
    } finally {
      await smtp.close()
    }
  })

  test('a server that refuses the recipient is recorded as failed with the reason', async () => {
    const smtp = await startSmtp({ reject: 'Mailbox unavailable' })
    try {
      process.env.SMTP_URL = smtp.url
      const { client } = await manager('mail-rejected@x.test')
      const invoice = await created(client, { ...recipient, subtotal: '10' })
      const res = await client.post('/api/invoices/email', { invoiceId: invoice.id })
      expect(res.status).toBe(502)
      const body = await res.json()
      expect(body.error).toMatch(/could not be sent.*Mailbox unavailable/)
      expect(body.invoice).toMatchObject({ emailStatus: 'failed', emailSentAt: null, status: 'draft' })
    } finally {
      await smtp.close()
    }
  })

  test('no server listening is recorded as failed', async () => {
    const smtp = await startSmtp()
    await smtp.close() // its port is now free and nobody listens on it
    process.env.SMTP_URL = smtp.url
    const { client } = await manager('mail-down@x.test')
    const invoice = await created(client, { ...recipient, subtotal: '10' })
    const res = await client.post('/api/invoices/email', { invoiceId: invoice.id })
    expect(res.status).toBe(502)
    expect((await res.json()).invoice).toMatchObject({ emailStatus: 'failed', emailError: expect.stringMatching(/ECONNREFUSED|connect/i) })
  })

  test('under MOCKS=true without SMTP the message lands in the outbox and counts as sent', async () => {
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'))
    try {
      delete process.env.SMTP_URL
      process.env.OUTBOX_DIR = outbox
      const { client } = await manager('mail-outbox@x.test')
      const invoice = await created(client, { ...recipient, subtotal: '10' })
      const res = await client.post('/api/invoices/email', { invoiceId: invoice.id })
      expect(await res.json()).toMatchObject({ delivery: 'outbox', message: 'Invoice sent to outbox', invoice: { emailStatus: 'sent' } })
      const files = fs.readdirSync(outbox)
      expect(files).toHaveLength(1)
      const raw = fs.readFileSync(path.join(outbox, files[0]!), 'utf8')
      expect(headerOf(raw, 'to')).toBe('pat@payer.test')
      expect(mimeParts(raw).some((p) => p.headers['content-type']?.startsWith('application/pdf'))).toBe(true)
    } finally {
      fs.rmSync(outbox, { recursive: true, force: true })
    }
  })
})

describe('tenancy', () => {
  test("every route answers 404 for another organisation's invoice and changes nothing", async () => {
    const owner = await manager('tenancy-owner@x.test')
    const invoice = await created(owner.client, { ...recipient, subtotal: '10' })
    await owner.client.patch(`/api/invoices/${invoice.id}/archive`)
    const { client } = await manager('tenancy-stranger@x.test')
    const id = invoice.id
    const calls: Array<[string, () => Promise<Response>]> = [
      ['GET one', () => client.get(`/api/invoices/${id}`)],
      ['GET items', () => client.get(`/api/invoices/${id}/items`)],
      ['GET pdf', () => client.get(`/api/invoices/${id}/pdf`)],
      ['archive', () => client.patch(`/api/invoices/${id}/archive`)],
      ['restore', () => client.patch(`/api/invoices/${id}/restore`)],
      ['status', () => client.patch(`/api/invoices/${id}/status`, { status: 'paid' })],
      ['email', () => client.post('/api/invoices/email', { invoiceId: id })],
      ['DELETE', () => client.delete(`/api/invoices/${id}`)],
    ]
    for (const [name, call] of calls) {
      const res = await call()
      expect(res.status, name).toBe(404)
      expect(await res.json(), name).toEqual({ error: 'Invoice not found' })
    }
    expect(await (await client.get('/api/invoices')).json()).toEqual([])
    const row = await db.invoice.findUniqueOrThrow({ where: { id } })
    expect(row).toMatchObject({ isArchived: true, status: 'draft', emailStatus: 'pending' })
  })

  test('signed-out callers get 401', async () => {
    const res = await app.client().get('/api/invoices')
    expect(res.status).toBe(401)
    expect((await app.client().get('/api/recipients')).status).toBe(401)
  })
})
