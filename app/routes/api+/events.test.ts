// GET /api/events (issue 16): a manager's live updates, only for their organisation, within 2 s.
import { describe, expect, test } from 'vitest'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { withTestServer } from '../../../tests/support/server'
import type { TestClient } from '../../../tests/support/client'
import { listen as listenTo, until } from '../../../tests/support/event-stream'

const app = withTestServer()

type Received = { id: string; event: string; data: { type: string; id: string; at: string } }

async function listen(client: TestClient, headers: Record<string, string> = {}) {
  const stream = await listenTo(client, '/api/events', headers)
  return { ...stream, events: stream.events as Received[] }
}

async function vendorSends(organisationId: string) {
  const { property, products } = await givenStorefront({ organisationId })
  const res = await app.client().post('/api/vendor/requests', {
    propertyId: property.id,
    vendorName: 'Live Vendor',
    requestedProducts: [{ productId: products[0]!.id, quantity: 1 }],
  })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string }
}

describe('GET /api/events', () => {
  test('needs a signed-in manager', async () => {
    const res = await app.client().get('/api/events')
    expect(res.status).toBe(401)
  })

  test('delivers a vendor submission to its organisation within 2 s, and nothing to another organisation', async () => {
    const mine = await app.signedIn('live-mine@x.test')
    const theirs = await app.signedIn('live-theirs@x.test')
    const org = await organisationOf('live-mine@x.test')
    const a = await listen(mine)
    const b = await listen(theirs)
    try {
      expect(a.res.status).toBe(200)
      expect(a.res.headers.get('content-type')).toMatch(/^text\/event-stream/)
      await until(() => a.raw.join('').includes(': connected'), 2000)
      const sentAt = Date.now()
      const created = await vendorSends(org.id)
      const arrived = await until(() => a.events.some((e) => e.event === 'request.created' && e.data.id === created.id), 2000)
      expect(arrived, `request.created within 2 s (waited ${Date.now() - sentAt} ms)`).toBe(true)
      await until(() => a.events.some((e) => e.event === 'notification.created'), 1000)
      const event = a.events.find((e) => e.event === 'request.created')!
      expect(event.data).toEqual({ type: 'request.created', id: created.id, at: expect.any(String) })
      expect(Number(event.id)).toBeGreaterThan(0)
      expect(a.events.map((e) => e.event)).toContain('notification.created')
      // The other organisation's stream stays quiet.
      await new Promise((r) => setTimeout(r, 600))
      expect(b.events).toEqual([])
    } finally {
      await a.close()
      await b.close()
    }
  })

  test('resumes after Last-Event-ID with what was missed, in order, and only this organisation’s', async () => {
    const mine = await app.signedIn('live-resume@x.test')
    const org = await organisationOf('live-resume@x.test')
    const other = await organisationOf((await app.signedIn('live-resume-other@x.test'), 'live-resume-other@x.test'))
    const first = await listen(mine)
    await vendorSends(org.id)
    await until(() => first.events.some((e) => e.event === 'request.created'), 2000)
    await new Promise((r) => setTimeout(r, 400))
    await first.close()
    const lastId = first.events.at(-1)!.id

    // Meanwhile, while nobody of this organisation is listening:
    const missed = await vendorSends(org.id)
    await vendorSends(other.id)

    const again = await listen(mine, { 'Last-Event-ID': lastId })
    try {
      await until(() => again.events.some((e) => e.data.id === missed.id), 2000)
      expect(again.events.map((e) => e.data.type)).toEqual(['request.created', 'notification.created'])
      expect(again.events[0]!.data.id).toBe(missed.id)
      const ids = again.events.map((e) => Number(e.id))
      expect(ids.every((id) => id > Number(lastId))).toBe(true)
      expect([...ids].sort((x, y) => x - y)).toEqual(ids)
    } finally {
      await again.close()
    }
  })
})
