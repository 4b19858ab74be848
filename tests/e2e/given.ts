// What a browser journey needs before it starts, built through the manager's own /api where one
// exists. A runner's delivery has its own journey (runner.both.spec.ts), so other journeys that need
// a delivered request write those rows straight into the test server's database.
import crypto from 'node:crypto'
import { createRequire } from 'node:module'
import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { E2E_DATABASE } from '../../other/playwright.config'
import { expect } from './fixtures'

/**
 * The manager's /api as a journey calls it to set the scene: from the signed-in page's own origin (a
 * write from elsewhere is refused), and every answer must be a success, naming the path when not.
 */
export function managerApi(page: Page) {
  const origin = new URL(page.url()).origin
  return async (method: 'post' | 'put' | 'patch', path: string, data?: unknown, headers: Record<string, string> = {}) => {
    const res = await page.request[method](path, { data, headers: { Origin: origin, ...headers } })
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
    return res.json()
  }
}

/** A property stocking the given products. */
export async function givenStockedProperty(api: APIRequestContext, name: string, productNames: string[]) {
  const property = await (await api.post('/api/properties', { data: { name, address: `${name} Street 1, New York, NY`, isActive: true, qrCodeActive: true } })).json()
  const products: Array<{ id: string; name: string }> = []
  for (const productName of productNames) {
    const product = await (await api.post('/api/products', { data: { name: productName } })).json()
    expect((await api.post(`/api/properties/${property.id}/products`, { data: { productId: product.id } })).ok()).toBe(true)
    products.push(product)
  }
  return { property, products }
}

/** A request entered by the manager; `status` other than pending is set through PATCH afterwards. */
export async function givenRequest(
  api: APIRequestContext,
  data: { propertyId: string; vendorName: string; products: Array<{ id: string }>; notes?: string; quantity?: number; status?: string },
) {
  const res = await api.post('/api/requests', {
    data: {
      propertyId: data.propertyId,
      vendorName: data.vendorName,
      requestedProducts: data.products.map((p) => ({ productId: p.id, quantity: data.quantity ?? 1 })),
      notes: data.notes,
    },
  })
  expect(res.status()).toBe(201)
  const request = (await res.json()) as { id: string; orderNumber: string }
  if (data.status) expect((await api.patch(`/api/requests/${request.id}`, { data: { status: data.status } })).ok()).toBe(true)
  return request
}

// better-sqlite3 ships no types; the little used here is spelled out.
type Statement = { run: (...values: unknown[]) => unknown; get: (...values: unknown[]) => unknown }
type Sqlite = { prepare: (sql: string) => Statement; transaction: (work: () => void) => () => void; pragma: (p: string) => unknown; close: () => void }
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Sqlite

/** `work` on the test server's database, opened for it and closed after (waiting on the server's own writes). */
function inTestDatabase<T>(work: (db: Sqlite) => T): T {
  const db = new Database(E2E_DATABASE)
  try {
    db.pragma('busy_timeout = 5000')
    return work(db)
  } finally {
    db.close()
  }
}

/** The organisation the manager signed up with. */
function organisationOf(db: Sqlite, managerEmail: string) {
  return (db.prepare('SELECT m.organisationId FROM Membership m JOIN User u ON u.id = m.userId WHERE u.email = ?').get(managerEmail) as { organisationId: string }).organisationId
}

/** A runner delivered the request and left a photo with these notes, as the runner's proof form would. */
export async function givenDeliveryProof(managerEmail: string, requestId: string, notes: string) {
  const jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 30, g: 140, b: 80 } } }).jpeg().toBuffer()
  const now = new Date().toISOString().replace('Z', '+00:00')
  inTestDatabase((db) => {
    const organisationId = organisationOf(db, managerEmail)
    const [runner, assignment, image, proof] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()]
    db.transaction(() => {
      db.prepare('INSERT INTO Runner (id, organisationId, name, phone, isActive, tokenHash, createdAt) VALUES (?, ?, ?, ?, 1, ?, ?)').run(runner, organisationId, 'Rita Runner', '+1 555 0100', crypto.randomUUID(), now)
      db.prepare(
        "INSERT INTO RunnerAssignment (id, organisationId, requestId, runnerId, status, assignedAt, deliveredAt, smsStatus, updatedAt) VALUES (?, ?, ?, ?, 'delivered', ?, ?, 'skipped', ?)",
      ).run(assignment, organisationId, requestId, runner, now, now, now)
      db.prepare("INSERT INTO StoredImage (id, organisationId, contentType, byteSize, width, height, data, createdAt) VALUES (?, ?, 'image/jpeg', ?, 80, 60, ?, ?)").run(image, organisationId, jpeg.byteLength, jpeg, now)
      db.prepare('INSERT INTO DeliveryProof (id, organisationId, assignmentId, imageUrl, thumbnailUrl, notes, submittedAt) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        proof,
        organisationId,
        assignment,
        `/images/${image}.jpg`,
        `/images/${image}.jpg`,
        notes,
        now,
      )
    })()
  })
}

/** The organisation's name, address, contact and tax number, as the identity settings would save them. */
export function givenOrganisationIdentity(managerEmail: string, identity: { name: string; address: string; contactEmail: string; contactPhone: string; taxId: string }) {
  inTestDatabase((db) => {
    db.prepare(
      'UPDATE Organisation SET name = ?, address = ?, contactEmail = ?, contactPhone = ?, taxId = ? WHERE id IN (SELECT m.organisationId FROM Membership m JOIN User u ON u.id = m.userId WHERE u.email = ?)',
    ).run(identity.name, identity.address, identity.contactEmail, identity.contactPhone, identity.taxId, managerEmail)
  })
}

/** Seven days have passed since this invitation was sent (only the clock can do that in a journey). */
export function givenInvitationExpired(email: string) {
  inTestDatabase((db) => {
    db.prepare('UPDATE Invitation SET expiresAt = ? WHERE email = ?').run(new Date(Date.now() - 60_000).toISOString().replace('Z', '+00:00'), email)
  })
}

/**
 * `count` requests each holding one line of `productName`, written straight into the test server's
 * database in one transaction: a search's "more than" count needs more than a journey can enter.
 */
export function givenManyRequests(managerEmail: string, count: number, productName: string) {
  const now = new Date().toISOString().replace('Z', '+00:00')
  inTestDatabase((db) => {
    const organisationId = organisationOf(db, managerEmail)
    const request = db.prepare("INSERT INTO ProductRequest (id, organisationId, orderNumber, vendorName, status, createdAt, updatedAt) VALUES (?, ?, ?, 'Bulk Vendor', 'pending', ?, ?)")
    const item = db.prepare('INSERT INTO RequestItem (id, organisationId, requestId, productName, quantity) VALUES (?, ?, ?, ?, 1)')
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const id = crypto.randomUUID()
        request.run(id, organisationId, `BULK-${String(i + 1).padStart(6, '0')}`, now, now)
        item.run(crypto.randomUUID(), organisationId, id, productName)
      }
    })()
  })
}

/**
 * A reorder point and quantity for a product at the organisation's first depot (issue 37), as the
 * depot's stock settings would save them; on hand is left to the movements.
 */
export function givenReorderPoint(managerEmail: string, productId: string, reorderPoint: number, reorderQuantity: number) {
  inTestDatabase((db) => {
    const orgId = organisationOf(db, managerEmail)
    const depot = db.prepare('SELECT id FROM Depot WHERE organisationId = ? ORDER BY createdAt, id LIMIT 1').get(orgId) as { id: string }
    db.prepare(
      `INSERT INTO DepotStock (id, organisationId, depotId, productId, onHand, reserved, reorderPoint, reorderQuantity, updatedAt) VALUES (?, ?, ?, ?, 0, 0, ?, ?, ?)
       ON CONFLICT (depotId, productId) DO UPDATE SET reorderPoint = excluded.reorderPoint, reorderQuantity = excluded.reorderQuantity`,
    ).run(crypto.randomUUID(), orgId, depot.id, productId, reorderPoint, reorderQuantity, new Date().toISOString().replace('Z', '+00:00'))
  })
}

/** What the organisation's first depot holds of a product, as its stock row says. */
export function onHandAtFirstDepot(managerEmail: string, productId: string): number {
  return inTestDatabase((db) => {
    const orgId = organisationOf(db, managerEmail)
    const row = db
      .prepare('SELECT s.onHand FROM DepotStock s JOIN Depot d ON d.id = s.depotId WHERE d.organisationId = ? AND s.productId = ? ORDER BY d.createdAt, d.id LIMIT 1')
      .get(orgId, productId) as { onHand: number } | undefined
    return row?.onHand ?? 0
  })
}
