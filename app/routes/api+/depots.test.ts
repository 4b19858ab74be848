// The depot and stock API (issue 37, items 1, 6, 7): depots, stock per product in bin order, reorder
// settings, movements by hand and counts, the ledger and its CSV; bad input is a 4xx with field
// errors, members may not manage depots or reorder settings, and another organisation sees nothing.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

let serial = 0
async function givenManager(role: 'owner' | 'member' = 'owner') {
  const email = `depots-api-${++serial}@x.test`
  const owner = await app.signedIn(email)
  const orgId = (await organisationOf(email)).id
  const towels = await db.product.create({ data: { organisationId: orgId, name: 'Paper Towels', unitCost: 2.5 } })
  const soap = await db.product.create({ data: { organisationId: orgId, name: 'Hand Soap' } })
  const depots = (await (await owner.get('/api/depots')).json()) as { depots: Array<{ id: string; name: string }> }
  let client = owner
  if (role === 'member') {
    const memberEmail = `depots-member-${serial}@x.test`
    await givenTeammate(email, memberEmail, 'member')
    client = await app.signedIn(memberEmail)
  }
  return { owner, client, orgId, depotId: depots.depots[0]!.id, towels, soap }
}

describe('depots', () => {
  test('a new organisation has its first depot from sign-up; an owner adds another', async () => {
    const { owner } = await givenManager()
    const first = (await (await owner.get('/api/depots')).json()) as { depots: Array<{ name: string }> }
    expect(first.depots.map((d) => d.name)).toEqual(['Main depot'])
    const res = await owner.post('/api/depots', { name: 'North yard', address: '4 Mill Lane' })
    expect(res.status).toBe(201)
    const { depot } = (await res.json()) as { depot: { id: string; name: string; address: string } }
    expect(depot).toMatchObject({ name: 'North yard', address: '4 Mill Lane' })
    const all = (await (await owner.get('/api/depots')).json()) as { depots: Array<{ name: string }> }
    expect(all.depots.map((d) => d.name)).toEqual(['Main depot', 'North yard'])
  })

  test('a depot without a name is a 400 with field errors; a member may not add one', async () => {
    const { owner, client } = await givenManager('member')
    const bad = await owner.post('/api/depots', { name: '  ' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.name).toBeDefined()
    const refused = await client.post('/api/depots', { name: 'Mine' })
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { error: string }).error).toMatch(/owner or admin/)
  })
})

describe('renaming a depot', () => {
  test('an owner renames the first depot and gives it an address; the stock stays with it and the audit log says so', async () => {
    const { owner, depotId, towels } = await givenManager()
    await owner.post('/api/stock/movements', { depotId, productId: towels.id, quantity: 4, reason: 'receive' })
    const res = await owner.put(`/api/depots/${depotId}`, { name: '  Harbor yard ', address: '1 Quay Street' })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { depot: unknown }).depot).toMatchObject({ id: depotId, name: 'Harbor yard', address: '1 Quay Street' })
    expect(((await (await owner.get(`/api/depots/${depotId}`)).json()) as { depot: unknown }).depot).toMatchObject({ name: 'Harbor yard', address: '1 Quay Street' })
    const stock = (await (await owner.get(`/api/depots/${depotId}/stock`)).json()) as { stock: Array<{ productId: string; onHand: number }> }
    expect(stock.stock.find((s) => s.productId === towels.id)?.onHand).toBe(4)
    // Without an address: the address is cleared.
    await owner.put(`/api/depots/${depotId}`, { name: 'Harbor yard' })
    expect(((await (await owner.get(`/api/depots/${depotId}`)).json()) as { depot: { address: unknown } }).depot.address).toBeNull()
    // Saved again as it is: the same answer, and no entry for a change that did not happen.
    const same = await owner.put(`/api/depots/${depotId}`, { name: 'Harbor yard' })
    expect(same.status).toBe(200)
    expect(((await same.json()) as { depot: unknown }).depot).toMatchObject({ id: depotId, name: 'Harbor yard', address: null })
    const log = (await (await owner.get('/api/audit-log?action=depot.changed')).json()) as Array<{ action: string; details: unknown }>
    expect(log.map((e) => e.details)).toEqual([
      { from: 'Harbor yard', to: 'Harbor yard', address: '(none)' },
      { from: 'Main depot', to: 'Harbor yard', address: '1 Quay Street' },
    ])
  })

  test('a blank name is a 400 with field errors and changes nothing; a member may not rename; another organisation finds no depot', async () => {
    const { owner, client: member, depotId } = await givenManager('member')
    const bad = await owner.put(`/api/depots/${depotId}`, { name: '   ' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.name).toEqual(['Give the depot a name.'])
    const refused = await member.put(`/api/depots/${depotId}`, { name: 'Mine' })
    expect(refused.status).toBe(403)
    const { client: other } = await givenManager()
    expect((await other.put(`/api/depots/${depotId}`, { name: 'Theirs' })).status).toBe(404)
    expect((await other.get(`/api/depots/${depotId}`)).status).toBe(404)
    expect(((await (await owner.get(`/api/depots/${depotId}`)).json()) as { depot: { name: string } }).depot.name).toBe('Main depot')
  })
})

describe('stock and movements', () => {
  test('movements move on hand; stock lists every product in bin order with reserved and available', async () => {
    const { client: owner, depotId, towels, soap } = await givenManager()
    const received = await owner.post('/api/stock/movements', { depotId, productId: towels.id, quantity: 12, reason: 'receive', note: 'Delivery note 881' })
    expect(received.status).toBe(201)
    const body = (await received.json()) as { movement: { quantity: number; reason: string; note: string; userId: string | null }; onHand: number }
    expect(body.onHand).toBe(12)
    expect(body.movement).toMatchObject({ quantity: 12, reason: 'receive', note: 'Delivery note 881' })
    expect(body.movement.userId).toEqual(expect.any(String))
    expect(((await (await owner.post('/api/stock/movements', { depotId, productId: towels.id, quantity: 2, reason: 'damage' })).json()) as { onHand: number }).onHand).toBe(10)
    expect(((await (await owner.post('/api/stock/movements', { depotId, productId: towels.id, quantity: -3, reason: 'adjust' })).json()) as { onHand: number }).onHand).toBe(7)
    const counted = await owner.post('/api/stock/movements', { depotId, productId: towels.id, reason: 'count', counted: 9 })
    expect(counted.status).toBe(201)
    expect(((await counted.json()) as { movement: { quantity: number }; onHand: number })).toMatchObject({ movement: { quantity: 2 }, onHand: 9 })

    const put = await owner.put(`/api/depots/${depotId}/stock/${soap.id}`, { reorderPoint: 4, reorderQuantity: 24, bin: 'A-01' })
    expect(put.status).toBe(200)
    expect(await put.json()).toEqual({ stock: { productId: soap.id, name: 'Hand Soap', onHand: 0, reserved: 0, available: 0, reorderPoint: 4, reorderQuantity: 24, bin: 'A-01' } })
    const stock = (await (await owner.get(`/api/depots/${depotId}/stock`)).json()) as { stock: unknown[] }
    expect(stock.stock).toEqual([
      { productId: soap.id, name: 'Hand Soap', onHand: 0, reserved: 0, available: 0, reorderPoint: 4, reorderQuantity: 24, bin: 'A-01' },
      { productId: towels.id, name: 'Paper Towels', onHand: 9, reserved: 0, available: 9, reorderPoint: null, reorderQuantity: null, bin: null },
    ])
    // On hand is the sum of the movements.
    const sum = await db.stockMovement.aggregate({ where: { depotId, productId: towels.id }, _sum: { quantity: true } })
    expect(sum._sum.quantity).toBe(9)
  })

  test('every movement by hand is in the audit log, with who made it', async () => {
    const { client: owner, orgId, depotId, towels } = await givenManager()
    await owner.post('/api/stock/movements', { depotId, productId: towels.id, quantity: 5, reason: 'receive' })
    await owner.post('/api/stock/movements', { depotId, productId: towels.id, reason: 'count', counted: 4 })
    const events = await db.auditEvent.findMany({ where: { organisationId: orgId, action: 'stock.moved' }, orderBy: [{ at: 'asc' }, { id: 'asc' }] })
    expect(events.map((e) => JSON.parse(e.details!).reason)).toEqual(['receive', 'count'])
    expect(events.every((e) => e.actorType === 'user' && e.actorId)).toBe(true)
  })

  test('bad input is a 4xx with field errors, never a 500', async () => {
    const { client: owner, depotId, towels } = await givenManager()
    const cases: Array<[unknown, number, string]> = [
      [{ depotId, productId: towels.id, quantity: 0, reason: 'receive' }, 400, 'quantity'],
      [{ depotId, productId: towels.id, quantity: 1.5, reason: 'receive' }, 400, 'quantity'],
      [{ depotId, productId: towels.id, quantity: -2, reason: 'damage' }, 400, 'quantity'],
      [{ depotId, productId: towels.id, quantity: 0, reason: 'adjust' }, 400, 'quantity'],
      [{ depotId, productId: towels.id, quantity: 3, reason: 'deliver' }, 400, 'reason'],
      [{ depotId, productId: towels.id, reason: 'count' }, 400, 'counted'],
      [{ depotId, productId: towels.id, reason: 'count', counted: -1 }, 400, 'counted'],
      [{ depotId, productId: 'nope', quantity: 1, reason: 'receive' }, 400, 'productId'],
    ]
    for (const [body, status, field] of cases) {
      const res = await owner.post('/api/stock/movements', body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      const answer = (await res.json()) as { error: string; fieldErrors: Record<string, string[]> }
      expect(answer.error).toEqual(expect.any(String))
      expect(Object.keys(answer.fieldErrors), JSON.stringify(body)).toContain(field)
    }
    expect((await owner.post('/api/stock/movements', { depotId: 'not-a-depot', productId: towels.id, quantity: 1, reason: 'receive' })).status).toBe(404)
    expect((await owner.put(`/api/depots/${depotId}/stock/${towels.id}`, { reorderPoint: -1, reorderQuantity: 2, bin: null })).status).toBe(400)
    expect((await owner.put(`/api/depots/${depotId}/stock/nope`, { reorderPoint: 1, reorderQuantity: 2, bin: null })).status).toBe(404)
    expect((await owner.get(`/api/depots/${depotId}/stock?format=xml`)).status).toBe(400)
    expect((await owner.get('/api/stock/movements')).status).toBe(400)
  })

  test('a member records movements and counts but may not change reorder settings', async () => {
    const { client: member, depotId, towels } = await givenManager('member')
    expect((await member.post('/api/stock/movements', { depotId, productId: towels.id, quantity: 3, reason: 'receive' })).status).toBe(201)
    expect((await member.post('/api/stock/movements', { depotId, productId: towels.id, reason: 'count', counted: 2 })).status).toBe(201)
    const refused = await member.put(`/api/depots/${depotId}/stock/${towels.id}`, { reorderPoint: 1, reorderQuantity: 2, bin: 'B' })
    expect(refused.status).toBe(403)
    expect((await member.get(`/api/depots/${depotId}/stock`)).status).toBe(200)
  })

  test('another organisation finds none of the depot, its stock or its ledger', async () => {
    const { client: owner, depotId, towels } = await givenManager()
    await owner.post('/api/stock/movements', { depotId, productId: towels.id, quantity: 3, reason: 'receive' })
    const { client: other, depotId: theirs } = await givenManager()
    expect((await other.get(`/api/depots/${depotId}/stock`)).status).toBe(404)
    expect((await other.get(`/api/stock/movements?depotId=${depotId}`)).status).toBe(404)
    expect((await other.put(`/api/depots/${depotId}/stock/${towels.id}`, { reorderPoint: 1, reorderQuantity: 1, bin: null })).status).toBe(404)
    expect((await other.post('/api/stock/movements', { depotId, productId: towels.id, quantity: 3, reason: 'receive' })).status).toBe(404)
    // Their own depot with our product: the product is not theirs.
    expect((await other.post('/api/stock/movements', { depotId: theirs, productId: towels.id, quantity: 3, reason: 'receive' })).status).toBe(400)
    const ours = (await (await owner.get(`/api/depots/${depotId}/stock`)).json()) as { stock: Array<{ onHand: number }> }
    expect(ours.stock.map((s) => s.onHand)).toContain(3)
  })

  test('the ledger reads newest first a page at a time, and the stock and ledger download as CSV', async () => {
    const { client: owner, depotId, towels } = await givenManager()
    for (const quantity of [1, 2, 3]) await owner.post('/api/stock/movements', { depotId, productId: towels.id, quantity, reason: 'receive' })
    const first = await owner.get(`/api/stock/movements?depotId=${depotId}&limit=2`)
    const page = (await first.json()) as { movements: Array<{ quantity: number; who: string }>; nextCursor: string }
    expect(page.movements.map((m) => m.quantity)).toEqual([3, 2])
    expect(first.headers.get('X-Next-Cursor')).toBe(page.nextCursor)
    const next = (await (await owner.get(`/api/stock/movements?depotId=${depotId}&limit=2&cursor=${page.nextCursor}`)).json()) as { movements: Array<{ quantity: number }>; nextCursor: string | null }
    expect(next).toMatchObject({ movements: [{ quantity: 1 }], nextCursor: null })
    const stockCsv = await owner.get(`/api/depots/${depotId}/stock?format=csv`)
    expect(stockCsv.headers.get('content-type')).toContain('text/csv')
    const stockText = await stockCsv.text()
    expect(stockText).toContain('Product ID,Product,Bin,On hand,Reserved,Available,Reorder point,Reorder quantity')
    expect(stockText).toContain(`${towels.id},Paper Towels,,6,0,6,,`)
    const ledger = await (await owner.get(`/api/stock/movements?depotId=${depotId}&format=csv`)).text()
    expect(ledger.trim().split('\r\n')).toHaveLength(4)
    expect(ledger).toMatch(/\+00:00,.*Paper Towels,3,receive/)
  })
})
