// The billing page as a browser without JavaScript uses it: real form posts, redirects and toasts.
import { afterEach, describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenRequestsToInvoice } from '../../../tests/fixtures/billing'
import { organisationOf } from '../../../tests/fixtures/people'
import type { TestClient } from '../../../tests/support/client'
import { startSmtp } from '../../../tests/support/smtp'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

async function manager(email: string) {
  const client = await app.signedIn(email)
  return { client, orgId: (await organisationOf(email)).id }
}

function form(fields: Array<[string, string]>) {
  const body = new URLSearchParams()
  for (const [k, v] of fields) body.append(k, v)
  return body
}

async function postAndFollow(client: TestClient, body: URLSearchParams, path = '/billing') {
  const res = await client.fetch(path, { method: 'POST', body })
  expect(res.status, await res.clone().text()).toBe(302)
  const { res: page, path: landedOn } = await client.follow(res)
  return { html: await page.text(), landedOn }
}

const rowsOf = (html: string) => [...new Set([...html.matchAll(/INV-O-\d+/g)].map((m) => m[0]))]

const saved = process.env.SMTP_URL
afterEach(() => {
  if (saved === undefined) delete process.env.SMTP_URL
  else process.env.SMTP_URL = saved
})

describe('the Billing page', () => {
  test('e-mailing an invoice id that is none says so, even one too long for an address', async () => {
    const { client } = await manager('billing-email-long-id@x.test')
    const { html, landedOn } = await postAndFollow(client, form([['intent', 'email'], ['id', 'x'.repeat(20_000)]]))
    expect(landedOn).toBe('/billing')
    expect(html).toContain('Invoice not found')
  })

  test('the New Invoice form creates an invoice from its filled lines and says so', async () => {
    const { client, orgId } = await manager('page-billing-new@x.test')
    const { html, landedOn } = await postAndFollow(
      client,
      form([
        ['intent', 'create'],
        ['back', '/billing?dialog=new-invoice&lines=3'],
        ['recipientName', 'Pat Payer'],
        ['recipientEmail', 'pat@payer.test'],
        ['taxRate', '8.875'],
        ['paymentTerms', 'Net 30'],
        ['itemDescription', 'Glass cleaner'],
        ['itemQuantity', '7'],
        ['itemUnitPrice', '$19.99'],
        ['itemDescription', ''],
        ['itemQuantity', '1'],
        ['itemUnitPrice', ''],
      ]),
    )
    expect(landedOn).toBe('/billing')
    expect(html).toContain('Invoice Created')
    expect(html).toMatch(/INV-\d{4}-0001/)
    expect(html).toContain('$152.35')
    expect(html).toContain('Not sent')
    const items = await db.invoiceItem.findMany({ where: { organisationId: orgId } })
    expect(items).toHaveLength(1)
  })

  test('bad input answers the form with the spec messages and keeps what was typed', async () => {
    const { client, orgId } = await manager('page-billing-invalid@x.test')
    const res = await client.fetch('/billing?dialog=new-invoice', {
      method: 'POST',
      body: form([
        ['intent', 'create'],
        ['recipientName', ''],
        ['recipientEmail', 'nope'],
        ['itemDescription', 'Glass cleaner'],
        ['itemQuantity', '1'],
        ['itemUnitPrice', '5'],
      ]),
    })
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain('Recipient name is required')
    expect(html).toContain('Valid email is required')
    expect(html).toContain('value="Glass cleaner"')
    expect(await db.invoice.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test('From Requests without a request says none was selected', async () => {
    const { client, orgId } = await manager('page-billing-none@x.test')
    await givenRequestsToInvoice(orgId)
    const res = await client.fetch('/billing?dialog=from-requests', {
      method: 'POST',
      body: form([
        ['intent', 'from-requests'],
        ['recipientName', 'Pat'],
        ['recipientEmail', 'pat@payer.test'],
      ]),
    })
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain('No requests selected')
    expect(html).toContain('Please select at least one request to create an invoice')
    // The completed requests are offered.
    expect(html).toContain('Acme Cleaning')
    expect(html).toContain('Bright Facilities')
  })

  test('a saved recipient prefills the dialog', async () => {
    const { client } = await manager('page-billing-prefill@x.test')
    await client.post('/api/invoices', { recipientName: 'Quinn Payer', recipientEmail: 'quinn@payer.test', recipientPhone: '555-0199', subtotal: '1' })
    const [recipient] = await (await client.get('/api/recipients')).json()
    const html = await (await client.get(`/billing?dialog=new-invoice&recipient=${recipient.id}`)).text()
    expect(html).toContain('value="Quinn Payer"')
    expect(html).toContain('value="quinn@payer.test"')
    expect(html).toContain('value="555-0199"')
  })

  test('a failed e-mail shows a clear error toast and is recorded', async () => {
    const smtp = await startSmtp({ reject: 'No such mailbox' })
    try {
      process.env.SMTP_URL = smtp.url
      const { client } = await manager('page-billing-mail@x.test')
      const invoice = await (await client.post('/api/invoices', { recipientName: 'Pat', recipientEmail: 'pat@payer.test', subtotal: '1' })).json()
      const { html } = await postAndFollow(client, form([['intent', 'email'], ['id', invoice.id], ['back', '/billing'], ['confirmed', 'yes']]))
      expect(html).toContain('Email Failed')
      expect(html).toContain(`Invoice ${invoice.invoiceNumber} could not be sent to Pat (pat@payer.test).`)
      expect(html).toContain('No such mailbox')
      expect(html).toContain('Failed')
    } finally {
      await smtp.close()
    }
  })

  test('e-mailing asks first, naming the recipients and the sender; only the confirmation sends', async () => {
    const smtp = await startSmtp()
    try {
      process.env.SMTP_URL = smtp.url
      const { client, orgId } = await manager('page-billing-confirm@x.test')
      await db.organisation.update({ where: { id: orgId }, data: { name: 'Harbor Lane Properties' } })
      const invoice = await (await client.post('/api/invoices', { recipientName: 'Pat', recipientEmail: 'pat@payer.test', subtotal: '12.5' })).json()
      // The row's E-mail is a link to the confirmation, with or without JavaScript.
      const list = await (await client.get('/billing')).text()
      expect(list).toContain(`href="/billing?dialog=email&amp;id=${invoice.id}"`)
      // A post that did not come from the confirmation is shown it instead of sending.
      let { html, landedOn } = await postAndFollow(client, form([['intent', 'email'], ['id', invoice.id], ['back', '/billing?tab=all']]))
      expect(landedOn).toBe(`/billing?tab=all&dialog=email&id=${invoice.id}`)
      expect(smtp.received).toHaveLength(0)
      expect(html).toMatch(new RegExp(`E-mail invoice <span[^>]*>${invoice.invoiceNumber}</span>`))
      expect(html).toContain(`Send invoice ${invoice.invoiceNumber} to pat@payer.test?`)
      expect(html).toContain('Harbor Lane Properties')
      expect(html).toContain('$12.50')
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Send invoice<\/button>/)
      expect(html).toContain('name="confirmed" value="yes"')
      ;({ html, landedOn } = await postAndFollow(client, form([['intent', 'email'], ['id', invoice.id], ['back', '/billing?tab=all'], ['confirmed', 'yes']])))
      expect(landedOn).toBe('/billing?tab=all')
      expect(html).toContain('Email Sent')
      expect(smtp.received).toHaveLength(1)
      // Sent once, the confirmation says so and offers to send it again.
      html = await (await client.get(`/billing?dialog=email&id=${invoice.id}`)).text()
      expect(html).toContain('It was already sent on')
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Send again<\/button>/)
    } finally {
      await smtp.close()
    }
  })

  test('sending and sending again each say so, naming the recipient', async () => {
    const smtp = await startSmtp()
    try {
      process.env.SMTP_URL = smtp.url
      const { client } = await manager('page-billing-resend@x.test')
      const invoice = await (await client.post('/api/invoices', { recipientName: 'Pat', recipientEmail: 'pat@payer.test', subtotal: '1' })).json()
      const send = form([['intent', 'email'], ['id', invoice.id], ['back', '/billing'], ['confirmed', 'yes']])
      let { html } = await postAndFollow(client, send)
      expect(html).toContain('Email Sent')
      expect(html).toContain(`Invoice ${invoice.invoiceNumber} sent to Pat (pat@payer.test).`)
      ;({ html } = await postAndFollow(client, send))
      expect(html).toContain('Email Resent')
      expect(html).toContain(`Invoice ${invoice.invoiceNumber} sent to Pat (pat@payer.test).`)
    } finally {
      await smtp.close()
    }
  })

  test('deleting an active invoice is refused; archived, it goes', async () => {
    const { client, orgId } = await manager('page-billing-delete@x.test')
    const invoice = await (await client.post('/api/invoices', { recipientName: 'Pat', recipientEmail: 'pat@payer.test', subtotal: '1' })).json()
    let { html } = await postAndFollow(client, form([['intent', 'delete'], ['id', invoice.id], ['back', '/billing']]))
    expect(html).toContain('Delete Failed')
    expect(await db.invoice.count({ where: { organisationId: orgId } })).toBe(1)
    ;({ html } = await postAndFollow(client, form([['intent', 'archive'], ['id', invoice.id], ['back', '/billing']])))
    expect(html).toContain('Invoice Archived')
    ;({ html } = await postAndFollow(client, form([['intent', 'delete'], ['id', invoice.id], ['back', '/billing?tab=archived&dialog=delete&id=x']])))
    expect(html).toContain('Invoice Deleted')
    expect(await db.invoice.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test("another organisation's invoice cannot be touched from the page", async () => {
    const owner = await manager('page-billing-owner@x.test')
    const invoice = await (await owner.client.post('/api/invoices', { recipientName: 'Pat', recipientEmail: 'pat@payer.test', subtotal: '1' })).json()
    const { client } = await manager('page-billing-stranger@x.test')
    for (const intent of ['archive', 'email', 'status', 'delete']) {
      const { html } = await postAndFollow(client, form([['intent', intent], ['id', invoice.id], ['status', 'paid'], ['back', '/billing'], ['confirmed', 'yes']]))
      expect(html, intent).toContain('Invoice not found')
    }
    const details = await (await client.get(`/billing?dialog=details&id=${invoice.id}`)).text()
    expect(details).not.toContain(invoice.invoiceNumber)
    expect(await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ isArchived: false, status: 'draft', emailStatus: 'pending' })
  })
  test('a long list comes a page at a time, with links to older and newest invoices that need no JavaScript', async () => {
    const { client, orgId } = await manager('page-billing-pages@x.test')
    const start = Date.now() - 1000 * 60 * 60
    const past = new Date(Date.now() - 5 * 24 * 60 * 60 * 1000)
    await db.invoice.createMany({
      data: Array.from({ length: 57 }, (_, i) => ({
        organisationId: orgId,
        invoiceNumber: `INV-P-${String(i + 1).padStart(3, '0')}`,
        recipientName: `Payer ${i + 1}`,
        recipientEmail: 'payer@x.test',
        subtotalCents: 1000,
        totalAmountCents: 1000,
        status: i % 2 ? 'paid' : 'sent',
        dueDate: i < 4 ? past : null,
        isArchived: i === 0,
        createdAt: new Date(start + i * 1000),
      })),
    })
    const rows = (html: string) => [...html.matchAll(/INV-P-(\d{3})/g)].map((m) => m[1]).filter((n, i, all) => all.indexOf(n) === i)

    const first = await client.get('/billing?tab=all')
    const firstHtml = await first.text()
    expect(rows(firstHtml)).toHaveLength(50)
    expect(rows(firstHtml)[0]).toBe('057')
    expect(firstHtml).toContain('$560.00')
    expect(firstHtml).not.toContain('Newest invoices')
    const older = /href="([^"]*after=[^"]*)"[^>]*>\s*Older invoices/.exec(firstHtml)?.[1]?.replace(/&amp;/g, '&')
    expect(older).toMatch(/^\/billing\?.*tab=all/)

    const second = await client.get(older!)
    expect(second.status).toBe(200)
    const secondHtml = await second.text()
    expect(rows(secondHtml)).toEqual(['007', '006', '005', '004', '003', '002', '001'])
    expect(secondHtml).toContain('Newest invoices')
    expect(secondHtml).not.toContain('Older invoices')

    // Filters are cut in the database too: overdue is the unpaid ones past their due date.
    const overdue = rows(await (await client.get('/billing?tab=all&status=overdue')).text())
    expect(overdue).toEqual(['003', '001'])
    const sent = rows(await (await client.get('/billing?status=sent')).text())
    expect(sent).toHaveLength(27)
    // A hand-edited cursor is the first page, not an error.
    expect((await client.get('/billing?after=nonsense')).status).toBe(200)
  })

  test('the Overdue card counts exactly the invoices whose badge says Overdue', async () => {
    const { client, orgId } = await manager('page-billing-overdue@x.test')
    const day = 24 * 60 * 60 * 1000
    const past = new Date(Date.now() - 5 * day)
    const future = new Date(Date.now() + 5 * day)
    const kinds = [
      { status: 'sent', dueDate: past }, // overdue
      { status: 'draft', dueDate: past }, // overdue: unpaid and past due
      { status: 'overdue', dueDate: null }, // stored so by older data, but nothing is due: sent
      { status: 'overdue', dueDate: future }, // not due yet: sent
      { status: 'paid', dueDate: past },
      { status: 'sent', dueDate: future },
    ]
    await db.invoice.createMany({
      data: kinds.map((k, i) => ({
        organisationId: orgId,
        invoiceNumber: `INV-O-${i + 1}`,
        recipientName: `Payer ${i + 1}`,
        recipientEmail: 'payer@x.test',
        subtotalCents: 1000,
        totalAmountCents: 1000,
        ...k,
      })),
    })
    const data = await (await client.get('/billing?_data=routes%2F_app%2B%2Fbilling')).json()
    const badged = data.invoices.filter((i: { status: string }) => i.status === 'overdue').map((i: { invoiceNumber: string }) => i.invoiceNumber)
    expect(badged.sort()).toEqual(['INV-O-1', 'INV-O-2'])
    expect(data.summary.overdueInvoices).toBe(2)
    const filtered = rowsOf(await (await client.get('/billing?status=overdue')).text())
    expect(filtered.sort()).toEqual(['INV-O-1', 'INV-O-2'])
  })
})
