import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { givenStorefront, notificationsOf } from '../../tests/fixtures/vendor'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer()

function post(body: string, signature: string) {
  return fetch(`${app.url}/internal/scans`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'x-stockrun-relay': signature }, body })
}
const sign = (body: string, secret = 'test-secret') => crypto.createHmac('sha256', secret).update(body).digest('hex')

describe('POST /internal/scans (replicas hand their scans to the primary)', () => {
  test('stores a signed batch once, and refuses unsigned or badly signed ones without a change', async () => {
    const { property, organisation } = await givenStorefront()
    const body = JSON.stringify({ id: crypto.randomUUID(), scans: { [property.id]: 2 } })
    expect((await post(body, sign(body, 'someone-else'))).status).toBe(401)
    expect((await post(body, '')).status).toBe(401)
    expect(await notificationsOf(organisation.id, 'qr_scan')).toHaveLength(0)
    expect(await (await post(body, sign(body))).json()).toEqual({ stored: 2 })
    expect(await (await post(body, sign(body))).json()).toEqual({ stored: 0 })
    expect(await notificationsOf(organisation.id, 'qr_scan')).toHaveLength(2)
    const bad = JSON.stringify({ id: 'x', scans: {} })
    expect((await post(bad, sign(bad))).status).toBe(400)
  })
})
