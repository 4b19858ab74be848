// Load and faults on the real app (Remix build behind our Express server, real SQLite), loopback only.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenPendingRequest, givenRunner } from '../fixtures/dispatch'
import { givenTeammate, organisationOf } from '../fixtures/people'
import { givenStorefront } from '../fixtures/vendor'
import { openRaw } from '../support/sqlite'
import { withTestServer } from '../support/server'

const app = withTestServer({ rateLimits: { vendorSubmissionsPerMinute: 100_000, anonymousWritesPerMinute: 100_000 } })

const SUBMISSIONS = 500

describe('load', () => {
  test(`${SUBMISSIONS} vendors submitting at once: none lost, no order number repeated, no 5xx`, { timeout: 90_000 }, async () => {
    const { organisation, property, products } = await givenStorefront()
    const started = performance.now()
    const answers = await Promise.all(
      Array.from({ length: SUBMISSIONS }, async (_, i) => {
        const res = await app.client().post('/api/vendor/requests', {
          propertyId: property.id,
          vendorName: `Vendor ${i}`,
          requestedProducts: [{ productId: products[i % products.length]!.id, quantity: 1 + (i % 2) }],
        })
        return { status: res.status, body: (await res.json()) as { orderNumber?: string } }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const statuses = answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {})
    console.info(`[load] ${SUBMISSIONS} concurrent vendor submissions in ${seconds.toFixed(1)} s (${(SUBMISSIONS / seconds).toFixed(0)}/s): ${JSON.stringify(statuses)}`)
    expect(statuses).toEqual({ 201: SUBMISSIONS })
    const numbers = answers.map((a) => a.body.orderNumber)
    expect(new Set(numbers).size).toBe(SUBMISSIONS)
    const stored = await db.productRequest.findMany({ where: { organisationId: organisation.id }, select: { orderNumber: true, vendorName: true } })
    expect(stored).toHaveLength(SUBMISSIONS)
    expect(new Set(stored.map((r) => r.orderNumber))).toEqual(new Set(numbers))
    expect(new Set(stored.map((r) => r.vendorName)).size).toBe(SUBMISSIONS)
  })

  test('two managers assigning the same request at once: one wins, the other hears 409', async () => {
    const owner = await app.signedIn('race-owner@x.test')
    const { id: orgId } = await organisationOf('race-owner@x.test')
    await givenTeammate('race-owner@x.test', 'race-admin@x.test', 'admin')
    const admin = await app.signedIn('race-admin@x.test')
    for (let round = 0; round < 5; round++) {
      const { request } = await givenPendingRequest(orgId)
      const [a, b] = [(await givenRunner(orgId)).runner, (await givenRunner(orgId)).runner]
      const answers = await Promise.all([
        owner.post('/api/dispatch/assign', { requestId: request.id, runnerId: a.id }),
        admin.post('/api/dispatch/assign', { requestId: request.id, runnerId: b.id }),
      ])
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409])
      const loser = answers.find((r) => r.status === 409)!
      expect(await loser.json()).toMatchObject({ error: 'This request already has an active assignment.' })
      expect(await db.runnerAssignment.count({ where: { requestId: request.id } })).toBe(1)
    }
  })
})

describe('faults', () => {
  test('a database locked by another writer past the busy timeout answers 503 with Retry-After, then works again', { timeout: 30_000 }, async () => {
    const client = await app.signedIn('locked@x.test')
    const before = await db.product.count()
    const other = openRaw(process.env.DATABASE_URL!, { timeout: 100 })
    other.exec('BEGIN IMMEDIATE')
    try {
      const started = performance.now()
      const res = await client.post('/api/products', { name: 'Blocked Mop', category: 'Cleaning' })
      console.info(`[faults] locked database answered ${res.status} after ${((performance.now() - started) / 1000).toFixed(1)} s`)
      expect(res.status).toBe(503)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await res.json()).toEqual({ error: expect.stringMatching(/busy.*try again/i) })
    } finally {
      other.exec('ROLLBACK')
      other.close()
    }
    expect(await db.product.count()).toBe(before)
    expect((await client.post('/api/products', { name: 'Free Mop', category: 'Cleaning' })).status).toBe(201)
  })

  test('a full disk answers 503 with a clear message and saves nothing', async () => {
    const client = await app.signedIn('full@x.test')
    const before = await db.product.count()
    const [size] = await db.$queryRawUnsafe<Array<{ page_count: bigint | number }>>('PRAGMA page_count')
    // Caps the file at its current size: the next write that needs a page fails as on a full disk.
    await db.$queryRawUnsafe(`PRAGMA max_page_count = ${Number(size!.page_count)}`)
    let saved = 0
    let refused: Response | null = null
    try {
      // The last page may have room for a row or two; the disk is "full" at the first that needs a page.
      for (let i = 0; i < 40 && !refused; i++) {
        const res = await client.post('/api/products', { name: `Big Mop ${i}`, category: 'Cleaning', description: 'x'.repeat(2000) })
        if (res.status === 201) saved++
        else refused = res
      }
    } finally {
      await db.$queryRawUnsafe('PRAGMA max_page_count = 1073741823')
    }
    expect(refused?.status).toBe(503)
    expect(refused!.headers.get('retry-after')).toBeTruthy()
    expect(await refused!.json()).toEqual({ error: expect.stringMatching(/storage is full/i) })
    expect(await db.product.count()).toBe(before + saved)
    expect((await client.post('/api/products', { name: 'Small Mop', category: 'Cleaning' })).status).toBe(201)
  })
})
