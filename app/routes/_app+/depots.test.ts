// The depot pages' form posts (issue 37): a count at the shelf while a hundred movements land at once
// keeps every one of them, a member may count and record but not add or rename depots or set reorder
// settings, and another organisation's depot is a 404.
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

let serial = 0
async function givenDepot() {
  const email = `depot-pages-${++serial}@x.test`
  const owner = await app.signedIn(email)
  const orgId = (await organisationOf(email)).id
  const product = await db.product.create({ data: { organisationId: orgId, name: 'Paper Towels' } })
  const depot = await db.depot.findFirstOrThrow({ where: { organisationId: orgId } })
  return { email, owner, orgId, product, depotId: depot.id }
}

test('a count posted while a hundred movements land at once keeps all of them: on hand is the sum of the movements', { timeout: 60_000 }, async () => {
  const { owner, product, depotId } = await givenDepot()
  expect((await owner.post('/api/stock/movements', { depotId, productId: product.id, quantity: 200, reason: 'receive' })).status).toBe(201)
  expect((await owner.postForm(`/depots/${depotId}/count`, { intent: 'open' })).status).toBe(302)
  const count = await db.stockCount.findFirstOrThrow({ where: { depotId, closedAt: null } })
  // The shelf held 190 when the count was opened; meanwhile 100 are taken off, one at a time, all at once.
  const moves = Array.from({ length: 100 }, () => owner.post('/api/stock/movements', { depotId, productId: product.id, quantity: 1, reason: 'damage' }))
  const counted = owner.postForm(`/depots/${depotId}/count`, { intent: 'line', countId: count.id, productId: product.id, counted: '190' })
  const answers = await Promise.all([...moves, counted])
  expect(answers.slice(0, 100).map((r) => r.status)).toEqual(Array(100).fill(201))
  expect(answers[100]!.status).toBe(302)
  const row = await db.depotStock.findUniqueOrThrow({ where: { depotId_productId: { depotId, productId: product.id } } })
  const sum = await db.stockMovement.aggregate({ where: { depotId, productId: product.id }, _sum: { quantity: true } })
  expect(row.onHand).toBe(90)
  expect(sum._sum.quantity).toBe(90)
  expect(await db.stockMovement.count({ where: { depotId, reason: 'count', countId: count.id, quantity: -10 } })).toBe(1)
})

test('a member counts and records, but is refused adding or renaming a depot or setting reorder settings, with the reason', async () => {
  const { email, product, depotId } = await givenDepot()
  await givenTeammate(email, `member-${email}`, 'member')
  const member = await app.signedIn(`member-${email}`)
  expect((await member.postForm(`/depots/${depotId}`, { intent: 'move', productId: product.id, reason: 'receive', quantity: '4', note: 'Found in the van' })).status).toBe(302)
  expect((await member.postForm(`/depots/${depotId}/count`, { intent: 'open' })).status).toBe(302)
  const refused = await member.postForm(`/depots/${depotId}`, { intent: 'settings', productId: product.id, reorderPoint: '2', reorderQuantity: '10', bin: 'A' })
  expect(refused.status).toBe(403)
  expect(await refused.text()).toContain('Only an owner or admin can add or rename depots or change reorder settings.')
  expect((await member.postForm('/depots', { intent: 'add', name: 'Mine' })).status).toBe(403)
  expect((await member.postForm(`/depots/${depotId}?dialog=edit-depot`, { intent: 'rename', name: 'Mine' })).status).toBe(403)
  expect(await db.depot.count({ where: { name: 'Mine' } })).toBe(0)
  const row = await db.depotStock.findUniqueOrThrow({ where: { depotId_productId: { depotId, productId: product.id } } })
  expect(row).toMatchObject({ onHand: 4, reorderPoint: null, bin: null })
})

test('a bad quantity comes back to the form with its message; another organisation’s depot is a 404', async () => {
  const { owner, product, depotId } = await givenDepot()
  const bad = await owner.postForm(`/depots/${depotId}`, { intent: 'move', productId: product.id, reason: 'damage', quantity: '-3' })
  expect(bad.status).toBe(400)
  const { owner: other } = await givenDepot()
  expect((await other.get(`/depots/${depotId}`)).status).toBe(404)
  expect((await other.get(`/depots/${depotId}/count`)).status).toBe(404)
  expect((await other.postForm(`/depots/${depotId}/count`, { intent: 'open' })).status).toBe(404)
  expect(await db.stockCount.count({ where: { depotId } })).toBe(0)
})

test('an owner renames the depot from its page; a blank name comes back to the dialog with its message', async () => {
  const { owner, depotId } = await givenDepot()
  const page = await (await owner.get(`/depots/${depotId}`)).text()
  expect(page).toContain(`href="/depots/${depotId}?dialog=edit-depot"`)
  const blank = await owner.postForm(`/depots/${depotId}?dialog=edit-depot`, { intent: 'rename', name: ' ', address: '9 Dock Road' })
  expect(blank.status).toBe(400)
  const shown = await blank.text()
  expect(shown).toContain('role="dialog"')
  expect(shown).toContain('Give the depot a name.')
  // What was typed comes back, not the saved name: the message sits beside the field it is about.
  expect(shown).toContain('value="9 Dock Road"')
  expect(shown).not.toContain('value="Main depot"')
  const saved = await owner.postForm(`/depots/${depotId}?dialog=edit-depot`, { intent: 'rename', name: 'Harbor yard', address: '1 Quay Street' })
  expect(saved.status).toBe(302)
  expect(saved.headers.get('location')).toBe(`/depots/${depotId}`)
  const after = await (await owner.get(`/depots/${depotId}`)).text()
  expect(after).toMatch(/<h1[^>]*>Harbor yard<\/h1>/)
  expect(after).toContain('1 Quay Street')
  expect(await (await owner.get('/depots')).text()).toContain('Harbor yard')
})

