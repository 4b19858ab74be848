// The purchase order pages as a browser without JavaScript uses them: real form posts, redirects and toasts.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { writeTogether } from '~/lib/sql.server'
import { firstDepotIn } from '~/areas/stock/depot.server'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import type { TestClient } from '../../../tests/support/client'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

function form(fields: Array<[string, string]>) {
  const body = new URLSearchParams()
  for (const [k, v] of fields) body.append(k, v)
  return body
}

async function post(client: TestClient, path: string, fields: Array<[string, string]>) {
  return client.fetch(path, { method: 'POST', body: form(fields) })
}

async function givenDraft(email: string) {
  const client = await app.signedIn(email)
  const orgId = (await organisationOf(email)).id
  const supplier = await db.supplier.create({ data: { organisationId: orgId, name: 'Clean Supply Co', email: 'orders@cleansupply.test', leadTimeDays: 3 } })
  const towels = await db.product.create({ data: { organisationId: orgId, name: 'Paper towels', supplierId: supplier.id, unitCost: 4.5 } })
  const soap = await db.product.create({ data: { organisationId: orgId, name: 'Hand soap', supplierId: supplier.id, unitCost: 2 } })
  const depot = await writeTogether((sql) => firstDepotIn(sql, orgId))
  await db.depotStock.create({ data: { organisationId: orgId, depotId: depot.id, productId: towels.id, reorderPoint: 5, reorderQuantity: 10 } })
  const drafted = await post(client, '/purchase-orders/suggestions', [['intent', 'draft'], ['depotId', depot.id], ['supplierId', supplier.id]])
  expect(drafted.status, await drafted.clone().text()).toBe(302)
  const path = new URL(drafted.headers.get('location')!, 'http://x').pathname
  const order = await db.purchaseOrder.findFirstOrThrow({ where: { organisationId: orgId }, include: { lines: true } })
  return { client, orgId, path, order, towels, soap, depot }
}

describe('a purchase order page', () => {
  test('drafts from the suggestions, and a draft’s lines are changed, added and removed by plain posts', async () => {
    const { client, path, order, towels, soap } = await givenDraft('po-page-lines@x.test')
    expect(path).toBe(`/purchase-orders/${order.id}`)
    expect(order.lines).toMatchObject([{ productId: towels.id, quantity: 15, unitCost: 4.5 }])

    const added = await post(client, path, [['intent', 'lines'], ['lines[0].productId', towels.id], ['lines[0].quantity', '12'], ['lines[0].unitCost', '4.25'], ['add.productId', soap.id], ['add.quantity', '3'], ['add.unitCost', '']])
    expect(added.status, await added.clone().text()).toBe(302)
    const after = await db.purchaseOrder.findUniqueOrThrow({ where: { id: order.id }, include: { lines: { orderBy: { productName: 'asc' } } } })
    expect(after.lines.map((l) => [l.productName, l.quantity, l.unitCost])).toEqual([['Hand soap', 3, 2], ['Paper towels', 12, 4.25]])
    expect(after.total).toBe(57)

    const removed = await post(client, path, [['intent', 'lines'], ['remove', soap.id], ['lines[0].productId', soap.id], ['lines[0].quantity', '3'], ['lines[0].unitCost', '2'], ['lines[1].productId', towels.id], ['lines[1].quantity', '12'], ['lines[1].unitCost', '4.25']])
    expect(removed.status).toBe(302)
    expect(await db.purchaseOrderLine.count({ where: { purchaseOrderId: order.id } })).toBe(1)

    const bad = await post(client, path, [['intent', 'lines'], ['lines[0].productId', towels.id], ['lines[0].quantity', '0'], ['lines[0].unitCost', '1']])
    expect(bad.status).toBe(400)
  })

  test('a member receives in part with the plain form; more than is still to come is refused in the form; a member cannot cancel', async () => {
    const { path, order, towels, depot } = await givenDraft('po-page-receive@x.test')
    await db.purchaseOrder.update({ where: { id: order.id }, data: { status: 'sent', sentAt: new Date() } })
    await givenTeammate('po-page-receive@x.test', 'po-page-member@x.test', 'member')
    const member = await app.signedIn('po-page-member@x.test')
    const page = await (await member.get(path)).text()
    expect(page).toContain('Record what arrived')
    expect(page).not.toContain('Cancel order')

    const part = await post(member, path, [['intent', 'receive'], ['lines[0].productId', towels.id], ['lines[0].quantity', '6']])
    expect(part.status, await part.clone().text()).toBe(302)
    expect(await db.depotStock.findUniqueOrThrow({ where: { depotId_productId: { depotId: depot.id, productId: towels.id } } })).toMatchObject({ onHand: 6 })
    expect(await db.purchaseOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: 'partially_received' })

    const tooMany = await post(member, path, [['intent', 'receive'], ['lines[0].productId', towels.id], ['lines[0].quantity', '10']])
    expect(tooMany.status).toBe(400)
    expect(await tooMany.text()).toContain('Only 9 of Paper towels still to come')

    expect((await post(member, path, [['intent', 'cancel']])).status).toBe(403)
  })

  test('another organisation’s order is not found', async () => {
    const { path } = await givenDraft('po-page-owner@x.test')
    const other = await app.signedIn('po-page-stranger@x.test')
    expect((await other.get(path)).status).toBe(404)
  })
})
