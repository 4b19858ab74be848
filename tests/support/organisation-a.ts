// Organisation A, the world the isolation matrix and the role matrix walk every route against: its
// things (one of each kind a route can name), their ids for a route's parameters and bodies, and one
// call as a given caller. Nothing in A's data may leak into an answer to anyone else: SECRET marks it.
import { db } from '~/lib/db.server'
import { writeTogether } from '~/lib/sql.server'
import { reserveIn } from '~/areas/stock/stock-ledger.server'
import { hashToken, newToken } from '~/lib/tokens.server'
import { givenAssignment } from '../fixtures/dispatch'
import { organisationOf } from '../fixtures/people'
import type { TestClient } from './client'
import type { RouteFile } from './route-files'
import type { Method } from './route-inventory'

export const SECRET = 'ALPHA-SECRET'

export type World = Awaited<ReturnType<typeof givenOrganisationA>>

/** Organisation A, owned by `ownerEmail`, made through `owner` (signed in as that person). */
export async function givenOrganisationA(owner: TestClient, ownerEmail: string) {
  const { id: orgId } = await organisationOf(ownerEmail)
  const one = await givenAssignment(orgId, 'in_transit')
  const two = await givenAssignment(orgId, 'in_transit')
  await db.property.update({ where: { id: one.property.id }, data: { name: `${SECRET} Harbor` } })
  const product = await db.product.findFirstOrThrow({ where: { organisationId: orgId } })
  await db.product.update({ where: { id: product.id }, data: { name: `${SECRET} Cleaner`, category: `${SECRET} Aisle` } })
  await db.propertyProduct.create({ data: { organisationId: orgId, propertyId: one.property.id, productId: product.id } })
  const invoice = await db.invoice.create({
    data: { organisationId: orgId, invoiceNumber: 'INV-ISO-1', recipientName: `${SECRET} Co`, recipientEmail: 'a@x.test', subtotalCents: 100, totalAmountCents: 100 },
  })
  const notification = await db.notification.create({ data: { organisationId: orgId, type: 'other', message: `${SECRET} message` } })
  const trackingOne = newToken()
  const trackingTwo = newToken()
  await db.productRequest.update({ where: { id: one.request.id }, data: { trackingTokenHash: hashToken(trackingOne), vendorName: `${SECRET} Vendor` } })
  await db.productRequest.update({ where: { id: two.request.id }, data: { trackingTokenHash: hashToken(trackingTwo) } })
  // Organisation A's integrations and standing order, made the way its owner would.
  const apiKey = (await (await owner.post('/api/api-keys', { name: `${SECRET} key`, scopes: ['catalog:read'] })).json()) as { id: string }
  const webhook = (await (await owner.post('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['request.created'] })).json()) as { id: string }
  const standingOrder = (await (
    await owner.post('/api/standing-orders', { propertyId: one.property.id, vendorName: `${SECRET} linen`, items: [{ productId: product.id, quantity: 4 }], every: 'week', weekday: 1, time: '07:30', timezone: 'UTC' })
  ).json()) as { id: string }
  const ownerUser = await db.user.findFirstOrThrow({ where: { email: ownerEmail } })
  const invitation = await db.invitation.create({ data: { organisationId: orgId, email: `invited-${ownerEmail}`, role: 'member', tokenHash: hashToken(newToken()), expiresAt: new Date(Date.now() + 86_400_000) } })
  // A run of A's first assignment, so /api/dispatch/runs/:id is walked on a real row.
  const run = await db.run.create({ data: { id: `run-${one.assignment.id}`, organisationId: orgId, runnerId: one.runner.id, startLatitude: 40.758, startLongitude: -73.9855 } })
  await db.runStop.create({ data: { assignmentId: one.assignment.id, runId: run.id, stopOrder: 1, propertyId: one.property.id } })
  // A's first depot (made at sign-up) holding a product, with a movement in its ledger.
  const depot = await db.depot.findFirstOrThrow({ where: { organisationId: orgId } })
  await db.depot.update({ where: { id: depot.id }, data: { name: `${SECRET} depot` } })
  const moved = await owner.post('/api/stock/movements', { depotId: depot.id, productId: product.id, quantity: 5, reason: 'receive', note: `${SECRET} delivery note` })
  if (moved.status !== 201) throw new Error(`isolation matrix: could not stock organisation A's depot: ${await moved.text()}`)
  // Its order holds A's secret product at A's depot, so the run's pick list and checklist have A's data to leak.
  await writeTogether((sql) => reserveIn(sql, orgId, { depotId: depot.id, assignmentId: one.assignment.id, requestId: one.request.id, items: [{ productId: product.id, quantity: 2 }] }))
  // A's supplier and a purchase order from it into A's first depot (issue 37).
  const supplier = (await (await owner.post('/api/suppliers', { name: `${SECRET} Supply`, email: 'alpha@supply.test', leadTimeDays: 3 })).json()) as { supplier: { id: string } }
  const purchaseOrder = (await (
    await owner.post('/api/purchase-orders', { supplierId: supplier.supplier.id, depotId: depot.id, lines: [{ productId: product.id, quantity: 5, unitCost: 2 }] })
  ).json()) as { purchaseOrder: { id: string } }
  for (const made of [apiKey, webhook, standingOrder, supplier.supplier, purchaseOrder.purchaseOrder]) if (typeof made.id !== 'string') throw new Error(`isolation matrix: could not seed organisation A: ${JSON.stringify(made)}`)
  return { owner, orgId, one, two, product, invoice, notification, trackingOne, trackingTwo, apiKey, webhook, standingOrder, invitation, run, depot, ownerUserId: ownerUser.id, supplier: supplier.supplier, purchaseOrder: purchaseOrder.purchaseOrder }
}

/** Organisation A's id for a route's `$param`; a new parameter must be taught here. */
export function idFor(A: World, file: string, param: string): string {
  const byParam: Record<string, string | undefined> = {
    assignmentId: A.one.assignment.id,
    propertyId: A.one.property.id,
    productId: A.product.id,
    runnerId: A.one.runner.id,
    runId: A.run.id,
    userId: A.ownerUserId,
    token: A.trackingOne,
    // A category is named, not numbered: organisation A's, which B must neither read nor translate.
    name: `${SECRET} Aisle`,
    file: 'nothing.jpg',
    '*': 'nothing',
  }
  if (param === 'id') {
    const byPrefix: [string, string][] = [
      ['api.api-keys', A.apiKey.id],
      ['api.depots', A.depot.id],
      ['_app.depots', A.depot.id],
      ['api.dispatch.assign', A.one.assignment.id],
      ['api.dispatch.runs', A.run.id],
      ['api.invitations', A.invitation.id],
      ['api.invoices', A.invoice.id],
      ['api.notifications', A.notification.id],
      ['api.products', A.product.id],
      ['api.properties', A.one.property.id],
      ['api.purchase-orders', A.purchaseOrder.id],
      ['_app.purchase-orders', A.purchaseOrder.id],
      ['api.suppliers', A.supplier.id],
      ['api.requests', A.one.request.id],
      ['api.standing-orders', A.standingOrder.id],
      ['api.webhooks', A.webhook.id],
    ]
    const found = byPrefix.find(([prefix]) => file.replace(/\+\//g, '.').startsWith(prefix))
    if (found) return found[1]
  }
  const id = byParam[param]
  if (!id) throw new Error(`isolation matrix: say which organisation-A id fills $${param} of app/routes/${file} (tests/support/organisation-a.ts idFor)`)
  return id
}

/** Every id field a body might carry, all pointing at organisation A. */
export function bodyOfAIds(A: World) {
  return {
    id: A.one.request.id,
    requestId: A.one.request.id,
    requestIds: [A.one.request.id],
    runnerId: A.one.runner.id,
    propertyId: A.one.property.id,
    productId: A.product.id,
    productIds: [A.product.id],
    invoiceId: A.invoice.id,
    assignmentId: A.one.assignment.id,
    notificationId: A.notification.id,
    standingOrderId: A.standingOrder.id,
    supplierId: A.supplier.id,
    depotId: A.depot.id,
    purchaseOrderId: A.purchaseOrder.id,
    status: 'completed',
    name: 'Taken over',
  }
}

/** A body each owner/admin-only route would accept from an owner, so a member's refusal is about the role, not the input. */
export function aValidOwnerAdminBody(A: World, file: string) {
  // A role change takes exactly { role }.
  if (file.replace(/\+\//g, '.').startsWith('api.members.transfer-ownership')) return { userId: A.ownerUserId }
  if (file.replace(/\+\//g, '.').startsWith('api.members.')) return { role: 'member' }
  if (file.replace(/\+\//g, '.').startsWith('api.invitations')) return { email: 'member-invites@x.test', role: 'member' }
  return { lowStockThreshold: 1, role: 'member', name: 'Member key', scopes: ['catalog:read'], url: 'http://127.0.0.1:9/hook', events: ['request.created'] }
}

export function formOfAIds(A: World, intent: string): Record<string, string> {
  const body = bodyOfAIds(A)
  return Object.fromEntries([...Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? v[0]! : v]), ['intent', intent]])
}

export const withParams = (route: RouteFile, fill: (p: string) => string) => {
  let url = route.url
  for (const p of route.params) url = url.replace(`walk-${p}`, encodeURIComponent(fill(p)))
  return url
}

export async function call(client: TestClient, who: string, url: string, method: Method, body?: unknown, isForm = false, headers?: Record<string, string>) {
  const abort = new AbortController()
  const init = method === 'GET' ? { method } : isForm ? { method, form: body as Record<string, string> } : { method, json: body ?? {} }
  const res = await client.fetch(url, { ...init, headers, signal: abort.signal })
  return { who, url, method, status: res.status, body: await textOf(res, abort) }
}

/**
 * The body as text. A live event stream never ends: only its status and headers are judged, and the
 * request is aborted (cancelling the body alone waits for the server to end the stream).
 */
async function textOf(res: Response, abort: AbortController) {
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    abort.abort()
    return ''
  }
  return res.text()
}

