// Search answers from FTS5 trigram indexes kept in step by triggers (decision 016): these check that
// what a manager finds follows every edit, and that short or odd terms still behave as before.
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenRequestWith, givenSite } from '../../../tests/fixtures/requests'
import { listRequests, countRequests } from './request-list.server'

async function orgWithRequests() {
  const org = await db.organisation.create({ data: { name: 'Search Org' } })
  const property = await givenSite(org.id, { name: 'Harbor View Towers' })
  const soap = await givenRequestWith(org.id, { vendorName: 'Acme Cleaning', notes: 'Leave at the BACK door', products: [{ name: 'Hand Soap' }, { name: 'Glass Cleaner' }] })
  const mop = await givenRequestWith(org.id, { vendorName: 'Bright Facilities', propertyId: property.id, products: [{ name: 'Mop Heads' }] })
  return { org, property, soap, mop }
}

const found = async (orgId: string, q: string) => (await listRequests(orgId, { q })).requests.map((r) => r.vendorName).sort()

test('a renamed line, new notes, a new vendor name and a deleted request are searchable at once', async () => {
  const { org, soap, mop } = await orgWithRequests()
  expect(await found(org.id, 'hand soap')).toEqual(['Acme Cleaning'])

  await db.requestItem.updateMany({ where: { requestId: soap.id, productName: 'Hand Soap' }, data: { productName: 'Foam Refill' } })
  expect(await found(org.id, 'hand soap')).toEqual([])
  expect(await found(org.id, 'FOAM ref')).toEqual(['Acme Cleaning'])

  await db.productRequest.update({ where: { id: mop.id }, data: { notes: 'Ring the concierge', vendorName: 'Citrus Services' } })
  expect(await found(org.id, 'concierge')).toEqual(['Citrus Services'])
  expect(await found(org.id, 'bright')).toEqual([])

  await db.requestItem.create({ data: { organisationId: org.id, requestId: mop.id, productName: 'Bin Liners' } })
  expect(await found(org.id, 'liners')).toEqual(['Citrus Services'])

  await db.productRequest.delete({ where: { id: soap.id } })
  expect(await found(org.id, 'foam')).toEqual([])
  expect(await countRequests(org.id, { q: 'glass' })).toBe(0)
})

test('a property renamed is found by its new name', async () => {
  const { org, property } = await orgWithRequests()
  await db.property.update({ where: { id: property.id }, data: { name: 'Seaside Court' } })
  expect(await found(org.id, 'seaside')).toEqual(['Bright Facilities'])
  expect(await found(org.id, 'harbor')).toEqual([])
})

test('terms of one or two characters, quotes and FTS syntax are plain text', async () => {
  const { org } = await orgWithRequests()
  expect(await found(org.id, 'mo')).toEqual(['Bright Facilities'])
  expect(await found(org.id, 'A')).toEqual(['Acme Cleaning', 'Bright Facilities'])
  expect(await found(org.id, '"soap')).toEqual([])
  expect(await found(org.id, 'soap OR mop')).toEqual([])
  expect(await found(org.id, 'mop*')).toEqual([])
  expect(await found(org.id, 'NEAR(')).toEqual([])
  expect(await countRequests(org.id, { q: 'cleaner' })).toBe(1)
})

test('another organisation never sees a match', async () => {
  const { org } = await orgWithRequests()
  const other = await db.organisation.create({ data: { name: 'Other' } })
  expect(await found(other.id, 'soap')).toEqual([])
  expect(await found(org.id, 'soap')).toEqual(['Acme Cleaning'])
})

// Decision 151: a rare term is found from the product lines of one of its rarest trigrams, checked
// with LIKE, instead of through its whole phrase.
test('a rare term is found without reading its whole phrase through the index, and exactly', async () => {
  const { org } = await orgWithRequests()
  const sent: { sql: string; params: unknown[] }[] = []
  globalThis.__stockrunStatementWatcher = (sql, params) => sent.push({ sql, params })
  try {
    expect(await found(org.id, 'GLASS clean')).toEqual(['Acme Cleaning'])
  } finally {
    globalThis.__stockrunStatementWatcher = undefined
  }
  const askedOfProductLines = sent.filter((s) => s.sql.includes('"RequestItemSearch" MATCH')).flatMap((s) => s.params)
  expect(askedOfProductLines).toContain('"ean"')
  expect(askedOfProductLines).not.toContain('"GLASS clean"')
})

test('a term whose last letters are in hundreds of product lines is still found, and only where it is', async () => {
  const org = await db.organisation.create({ data: { name: 'Towels' } })
  await givenRequestWith(org.id, { vendorName: 'Brand Buyer', products: [{ name: 'Brand towel roll' }] })
  const plain = await givenRequestWith(org.id, { vendorName: 'Plain Buyer', products: [{ name: 'Plain towel roll' }] })
  await db.requestItem.createMany({ data: Array.from({ length: 210 }, () => ({ organisationId: org.id, requestId: plain.id, productName: 'Plain towel roll' })) })
  expect(await found(org.id, 'brand TOWEL roll')).toEqual(['Brand Buyer'])
  expect(await found(org.id, 'towel roll')).toEqual(['Brand Buyer', 'Plain Buyer'])
})

test('% and _ in a rare term are the characters themselves, not LIKE wildcards', async () => {
  const org = await db.organisation.create({ data: { name: 'Sales' } })
  await givenRequestWith(org.id, { vendorName: 'Half Price', products: [{ name: 'Sale 50% off' }] })
  await givenRequestWith(org.id, { vendorName: 'Offset Print', products: [{ name: 'Sale 500% offset' }] })
  await givenRequestWith(org.id, { vendorName: 'Underscore', products: [{ name: 'Code A_B7' }] })
  await givenRequestWith(org.id, { vendorName: 'Letters', products: [{ name: 'Code AXB7' }] })
  expect(await found(org.id, '50% off')).toEqual(['Half Price'])
  expect(await found(org.id, 'a_b7')).toEqual(['Underscore'])
})
