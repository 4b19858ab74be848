// Demand meets the depot (issue 37): assigning or making a run holds the items at the depot and says
// what is short, delivering takes them off the shelf once, cancelling frees them; a run's pick list
// through the API, its PDF, and the runner's "Load the van" checklist, each opened only by whom it is for.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { writeTogether } from '~/lib/sql.server'
import { firstDepotIn } from '~/areas/stock/depot.server'
import { recordMovementIn } from '~/areas/stock/stock-ledger.server'
import { givenPendingRequest, givenRunner } from '../../../tests/fixtures/dispatch'
import { givenRequestWith } from '../../../tests/fixtures/requests'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

async function manager(email: string) {
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  const depot = await writeTogether((sql) => firstDepotIn(sql, org.id))
  return { client, orgId: org.id, depotId: depot.id }
}

async function onShelf(orgId: string, depotId: string, productId: string, quantity: number, bin?: string) {
  await writeTogether((sql) => recordMovementIn(sql, orgId, { depotId, productId, quantity, reason: 'receive' }))
  if (bin) await db.depotStock.update({ where: { depotId_productId: { depotId, productId } }, data: { bin } })
}

async function stockOf(depotId: string, productId: string) {
  const row = await db.depotStock.findUnique({ where: { depotId_productId: { depotId, productId } } })
  const moves = await db.stockMovement.findMany({ where: { depotId, productId }, orderBy: { createdAt: 'asc' } })
  return { onHand: row?.onHand ?? 0, reserved: row?.reserved ?? 0, sum: moves.reduce((n, m) => n + m.quantity, 0), reasons: moves.map((m) => `${m.reason} ${m.quantity}`) }
}

const patch = (client: Awaited<ReturnType<typeof manager>>['client'], id: string, status: string) => client.fetch(`/api/dispatch/assign/${id}`, { method: 'PATCH', json: { status } })

describe('assigning one request', () => {
  test('holds its items at the first depot, answers what is short, and delivering takes them off the shelf once', async () => {
    const { client, orgId, depotId } = await manager('van-assign@x.test')
    const { request, product } = await givenPendingRequest(orgId)
    const { runner } = await givenRunner(orgId)
    await onShelf(orgId, depotId, product.id, 1)

    const res = await client.post('/api/dispatch/assign', { requestId: request.id, runnerId: runner.id })
    expect(res.status).toBe(201)
    const body = (await res.json()) as { id: string; shortages: unknown[] }
    expect(body.shortages).toEqual([{ productId: product.id, needed: 2, available: 1, name: 'Glass Cleaner' }])
    expect(await stockOf(depotId, product.id)).toMatchObject({ onHand: 1, reserved: 2, sum: 1 })

    expect((await patch(client, body.id, 'in_transit')).status).toBe(200)
    expect((await patch(client, body.id, 'delivered')).status).toBe(200)
    expect(await stockOf(depotId, product.id)).toEqual({ onHand: -1, reserved: 0, sum: -1, reasons: ['receive 1', 'deliver -2'] })
    // A delivery pressed again is refused and moves nothing.
    expect((await patch(client, body.id, 'cancelled')).status).toBe(409)
    expect(await stockOf(depotId, product.id)).toMatchObject({ onHand: -1, reserved: 0, sum: -1 })
  })

  test('with enough on the shelf there is no shortage; cancelling frees the hold and moves nothing', async () => {
    const { client, orgId, depotId } = await manager('van-cancel@x.test')
    const { request, product } = await givenPendingRequest(orgId)
    const { runner } = await givenRunner(orgId)
    await onShelf(orgId, depotId, product.id, 5)
    const res = await client.post('/api/dispatch/assign', { requestId: request.id, runnerId: runner.id })
    const body = (await res.json()) as { id: string; shortages: unknown[] }
    expect(body.shortages).toEqual([])
    expect(await stockOf(depotId, product.id)).toMatchObject({ onHand: 5, reserved: 2 })
    expect((await patch(client, body.id, 'cancelled')).status).toBe(200)
    expect(await stockOf(depotId, product.id)).toEqual({ onHand: 5, reserved: 0, sum: 5, reasons: ['receive 5'] })
    // Given again (a reassignment): held again, once.
    const again = await client.post('/api/dispatch/assign', { requestId: request.id, runnerId: runner.id })
    expect(again.status).toBe(201)
    expect(await stockOf(depotId, product.id)).toMatchObject({ onHand: 5, reserved: 2 })
  })

  test('Dispatch shows what would be short before assigning, without holding anything', async () => {
    const { client, orgId, depotId } = await manager('van-preview@x.test')
    const { request, product } = await givenPendingRequest(orgId)
    await givenRunner(orgId)
    await onShelf(orgId, depotId, product.id, 1)
    const page = await client.fetch(`/dispatch?assign=${request.id}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Short at the depot')
    expect(html).toContain('Glass Cleaner: 2 needed, 1 free')
    expect(await db.stockReservation.count({ where: { requestId: request.id } })).toBe(0)
    const ticked = await client.fetch(`/dispatch?requestIds=${request.id}&suggest=1`)
    expect(await ticked.text()).toContain('Glass Cleaner: 2 needed, 1 free')
  })
})

/** Two pending requests at two properties that need the same product (2 each). */
async function twoOrdersOfOneProduct(orgId: string) {
  const first = await givenPendingRequest(orgId)
  const second = await givenPendingRequest(orgId)
  await db.requestItem.updateMany({ where: { requestId: second.request.id }, data: { productId: first.product.id } })
  return { product: first.product, requestIds: [first.request.id, second.request.id] }
}

describe('a run', () => {
  test('holds every order at the run’s depot, answers the run’s shortage, and has a pick list in bin order', async () => {
    const { client, orgId, depotId } = await manager('van-run@x.test')
    const { product, requestIds } = await twoOrdersOfOneProduct(orgId)
    const { runner, token } = await givenRunner(orgId)
    await onShelf(orgId, depotId, product.id, 3, 'A-01')

    const res = await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds })
    expect(res.status).toBe(201)
    const made = (await res.json()) as { run: { id: string; stops: Array<{ order: number }> }; shortages: unknown[] }
    expect(made.shortages).toEqual([{ productId: product.id, needed: 4, available: 3, name: 'Glass Cleaner' }])
    expect((await db.run.findUniqueOrThrow({ where: { id: made.run.id } })).depotId).toBe(depotId)
    expect(await stockOf(depotId, product.id)).toMatchObject({ onHand: 3, reserved: 4 })

    const list = await client.fetch(`/api/dispatch/runs/${made.run.id}/pick-list`)
    expect(list.status).toBe(200)
    expect(await list.json()).toEqual({
      pickList: {
        runId: made.run.id,
        depotId,
        pickedAt: null,
        lines: [{ productId: product.id, name: 'Glass Cleaner', quantity: 4, picked: 0, bin: 'A-01', stops: [1, 2] }],
        shortages: [{ productId: product.id, needed: 4, available: 3, name: 'Glass Cleaner' }],
      },
    })
    // The runner's own token opens it too.
    expect((await app.client().fetch(`/api/dispatch/runs/${made.run.id}/pick-list?token=${token}`)).status).toBe(200)
    const pdf = await client.fetch(`/api/dispatch/runs/${made.run.id}/pick-list/pdf`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-')
  })

  test('the pick list is refused to strangers, another runner and another organisation; a member reads it', async () => {
    const { client, orgId } = await manager('van-roles@x.test')
    const { requestIds } = await twoOrdersOfOneProduct(orgId)
    const { runner } = await givenRunner(orgId)
    const other = await givenRunner(orgId)
    const made = (await (await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds })).json()) as { run: { id: string } }
    const url = `/api/dispatch/runs/${made.run.id}/pick-list`

    const anonymous = await app.client().fetch(url)
    expect(anonymous.status).toBe(401)
    expect(((await anonymous.json()) as { error: string }).error).toBeTruthy()
    expect((await app.client().fetch(`${url}?token=${other.token}`)).status).toBe(404)
    expect((await app.client().fetch(`${url}?token=made-up`)).status).toBe(401)
    const stranger = await app.signedIn('van-roles-b@x.test')
    expect((await stranger.fetch(url)).status).toBe(404)
    expect((await stranger.fetch(`${url}/pdf`)).status).toBe(404)
    expect((await stranger.fetch('/api/dispatch/runs/nope/pick-list')).status).toBe(404)
    await givenTeammate('van-roles@x.test', 'van-roles-member@x.test', 'member')
    const member = await app.signedIn('van-roles-member@x.test')
    expect((await member.fetch(url)).status).toBe(200)
  })

  test('the runner loads the van from the checklist (a pick), the run is loaded, and delivering moves nothing more', async () => {
    const { client, orgId, depotId } = await manager('van-load@x.test')
    const { product, requestIds } = await twoOrdersOfOneProduct(orgId)
    const { runner, token } = await givenRunner(orgId)
    const other = await givenRunner(orgId)
    await onShelf(orgId, depotId, product.id, 10, 'B-2')
    const made = (await (await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds })).json()) as { run: { id: string; stops: Array<{ assignmentIds: string[] }> } }
    const page = `/runner/${runner.id}/${token}/load/${made.run.id}`
    const runnerClient = app.client()

    const view = await runnerClient.fetch(page)
    expect(view.status).toBe(200)
    const html = await view.text()
    expect(html).toContain('Load the van')
    expect(html).toContain('4 × Glass Cleaner')
    // Another runner's token opens neither the page nor its post; nothing is picked.
    expect((await app.client().fetch(`/runner/${other.runner.id}/${other.token}/load/${made.run.id}`)).status).toBe(404)
    expect((await app.client().fetch(`/runner/${runner.id}/${other.token}/load/${made.run.id}`)).status).toBe(401)
    const refused = await app.client().postForm(`/runner/${other.runner.id}/${other.token}/load/${made.run.id}`, { intent: 'load', productIds: product.id })
    expect(refused.status).toBe(302)
    expect(await stockOf(depotId, product.id)).toMatchObject({ onHand: 10, reserved: 4 })
    // Nothing ticked: refused with a message, nothing written.
    await runnerClient.postForm(page, { intent: 'load' })
    expect(await stockOf(depotId, product.id)).toMatchObject({ onHand: 10, reserved: 4 })

    const loaded = await runnerClient.postForm(page, { intent: 'load', productIds: product.id })
    expect(loaded.status).toBe(302)
    expect(await stockOf(depotId, product.id)).toEqual({ onHand: 6, reserved: 0, sum: 6, reasons: ['receive 10', 'pick -2', 'pick -2'] })
    expect((await db.run.findUniqueOrThrow({ where: { id: made.run.id } })).pickedAt).not.toBeNull()
    expect(await (await runnerClient.fetch(page)).text()).toContain('Van loaded')
    // The pick is in the audit log, by the runner whose link loaded it.
    const audited = await db.auditEvent.findFirstOrThrow({ where: { organisationId: orgId, action: 'run.loaded' } })
    expect([audited.actorType, audited.actorId, audited.targetId]).toEqual(['runner', runner.id, made.run.id])

    for (const id of made.run.stops.flatMap((s) => s.assignmentIds)) {
      expect((await patch(client, id, 'in_transit')).status).toBe(200)
      expect((await patch(client, id, 'delivered')).status).toBe(200)
    }
    const after = await stockOf(depotId, product.id)
    expect(after).toMatchObject({ onHand: 6, reserved: 0, sum: 6 })
    expect(await db.stockReservation.count({ where: { assignmentId: { in: made.run.stops.flatMap((s) => s.assignmentIds) }, closedAs: 'delivered' } })).toBe(2)
  })
})

describe('a run at a chosen depot, and many deliveries at once', () => {
  test('a run loads at the depot the manager chose: held there, not at the first; another organisation’s depot is refused and nothing is assigned', async () => {
    const { client, orgId, depotId: first } = await manager('van-depot-choice@x.test')
    const { request, product } = await givenPendingRequest(orgId)
    const { runner } = await givenRunner(orgId)
    const north = ((await (await client.post('/api/depots', { name: 'North yard' })).json()) as { depot: { id: string } }).depot.id
    await onShelf(orgId, north, product.id, 5)
    const elsewhere = await manager('van-depot-elsewhere@x.test')

    const refused = await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [request.id], depotId: elsewhere.depotId })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.depotId).toEqual(['Choose one of your depots.'])
    expect(await db.runnerAssignment.count({ where: { requestId: request.id } })).toBe(0)

    // With two depots, the run builder asks which one the van loads at.
    const page = await (await client.fetch(`/dispatch?requestIds=${request.id}&suggest=1&depotId=${north}`)).text()
    expect(page).toContain('Depot the van loads at')

    const made = await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [request.id], depotId: north })
    expect(made.status).toBe(201)
    expect(((await made.json()) as { shortages: unknown[] }).shortages).toEqual([])
    expect((await db.run.findFirstOrThrow({ where: { organisationId: orgId } })).depotId).toBe(north)
    expect(await stockOf(north, product.id)).toMatchObject({ onHand: 5, reserved: 2 })
    expect(await stockOf(first, product.id)).toMatchObject({ onHand: 0, reserved: 0 })
  })

  test('100 deliveries of the same product at once, and a count among them: on hand is the sum of the movements, every hold delivered once', async () => {
    const { client, orgId, depotId } = await manager('van-hundred@x.test')
    const product = await db.product.create({ data: { organisationId: orgId, name: 'Hand Soap' } })
    const { runner } = await givenRunner(orgId)
    await onShelf(orgId, depotId, product.id, 300)
    const ids: string[] = []
    for (let i = 0; i < 100; i++) {
      const request = await givenRequestWith(orgId, { products: [{ id: product.id, name: product.name, quantity: 2 }] })
      const res = await client.post('/api/dispatch/assign', { requestId: request.id, runnerId: runner.id })
      expect(res.status).toBe(201)
      ids.push(((await res.json()) as { id: string }).id)
    }
    for (const id of ids) expect((await patch(client, id, 'in_transit')).status).toBe(200)
    expect(await stockOf(depotId, product.id)).toMatchObject({ onHand: 300, reserved: 200 })

    const answers = await Promise.all([
      ...ids.map((id) => patch(client, id, 'delivered')),
      client.post('/api/stock/movements', { depotId, productId: product.id, reason: 'count', counted: 290 }),
    ])
    expect(answers.map((res) => res.status)).toEqual([...ids.map(() => 200), 201])
    const after = await stockOf(depotId, product.id)
    expect(after.onHand).toBe(after.sum)
    expect(after.reserved).toBe(0)
    expect(after.reasons.filter((r) => r === 'deliver -2')).toHaveLength(100)
    // The count said 290 at its moment; the deliveries after it still apply, so on hand is 290 less them.
    const count = await db.stockMovement.findFirstOrThrow({ where: { depotId, productId: product.id, reason: 'count' } })
    const deliveredAfter = await db.stockMovement.count({ where: { depotId, productId: product.id, reason: 'deliver', createdAt: { gt: count.createdAt } } })
    expect(after.onHand).toBe(290 - 2 * deliveredAfter)
    // Three hundred requests one after another and a hundred at once: ten seconds on a quiet machine,
    // past the 20 s default on a busy one (it timed out beside other work).
  }, 60_000)
})
