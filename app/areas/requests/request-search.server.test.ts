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
