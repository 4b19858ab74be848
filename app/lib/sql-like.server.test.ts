// A typed `%` or `_` is the person's own character in every list searched with LIKE, and letters
// beyond ASCII match in their usual capitals: the billing table, a depot's stock and the requests.
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { writeTogether } from '~/lib/sql.server'
import { pageInvoices } from '~/areas/billing/invoice-page.server'
import { firstDepotIn } from '~/areas/stock/depot.server'
import { stockPage } from '~/areas/stock/depot-stock.server'
import { likePatterns } from './sql-like.server'

async function givenOrganisation() {
  return db.organisation.create({ data: { name: `Like ${Math.random().toString(36).slice(2, 8)}` } })
}

test('the patterns escape the wildcards and add the usual capitals only for letters beyond ASCII', () => {
  expect(likePatterns('100%_a\\b')).toEqual(['%100\\%\\_a\\\\b%'])
  expect(likePatterns('ÉMILE')).toEqual(['%ÉMILE%', '%émile%', '%Émile%'])
})

test('the billing table finds a typed % or _ as written, not every invoice', async () => {
  const org = await givenOrganisation()
  const invoice = (invoiceNumber: string, recipientName: string) =>
    db.invoice.create({ data: { organisationId: org.id, invoiceNumber, recipientName, recipientEmail: 'pay@example.test', subtotalCents: 0, totalAmountCents: 0 } })
  await invoice('INV-1001', '100% Cotton Ltd')
  await invoice('INV-1002', '1000 Harbor Road')
  await invoice('INV_2001', 'Émile Dupont')
  const found = async (q: string) => (await pageInvoices(org.id, { tab: 'all', q })).invoices.map((i) => i.invoiceNumber).sort()
  expect(await found('100%')).toEqual(['INV-1001'])
  expect(await found('INV_')).toEqual(['INV_2001'])
  expect(await found('_')).toEqual(['INV_2001'])
  // Typed in lower case, the name found as it is written.
  expect(await found('émile')).toEqual(['INV_2001'])
  expect(await found('100')).toEqual(['INV-1001', 'INV-1002'])
})

test("a depot's stock finds a typed _ or % in a product's name or bin as written, and a name beyond ASCII in other capitals", async () => {
  const org = await givenOrganisation()
  const depot = await writeTogether((sql) => firstDepotIn(sql, org.id))
  for (const name of ['Soap_refill', 'Soap refill', 'Glass 50% cleaner', 'Glass 500 ml', 'Crème wash']) await db.product.create({ data: { organisationId: org.id, name } })
  const found = async (q: string) => (await stockPage(org.id, depot.id, { q })).lines.map((l) => l.name).sort()
  expect(await found('p_r')).toEqual(['Soap_refill'])
  expect(await found('50%')).toEqual(['Glass 50% cleaner'])
  expect(await found('50')).toEqual(['Glass 50% cleaner', 'Glass 500 ml'])
  expect((await stockPage(org.id, depot.id, { q: '%' })).total).toBe(1)
  expect(await found('CRÈME')).toEqual(['Crème wash'])
})
