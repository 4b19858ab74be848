import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { webhookDeliveriesJob } from '../../../server/jobs/webhook-deliveries.server'
import { isPrivateAddress, refusedWebhookUrl } from '~/areas/integrations/webhooks.server'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStockedSite } from '../../../tests/fixtures/requests'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

type Received = { headers: http.IncomingHttpHeaders; body: string }
/** A receiver on loopback that answers with the next queued status (200 once the queue is empty). */
const receiver = { received: [] as Received[], answers: [] as number[], url: '', server: undefined as http.Server | undefined }

beforeAll(async () => {
  receiver.server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      receiver.received.push({ headers: req.headers, body })
      res.writeHead(receiver.answers.shift() ?? 200).end()
    })
  })
  await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(receiver.server!.address() as AddressInfo).port}/hooks`
})
afterAll(() => new Promise<void>((resolve) => receiver.server!.close(() => resolve())))

let serial = 0
async function owner() {
  const email = `hooks-${++serial}@x.test`
  const client = await app.signedIn(email)
  return { client, orgId: (await organisationOf(email)).id }
}

/** What a receiver should do: recompute the HMAC over "<timestamp>.<raw body>" with the secret. */
function signatureIsValid(secret: string, received: Received) {
  const timestamp = received.headers['x-stockrun-timestamp'] as string
  const expected = `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${received.body}`).digest('hex')}`
  const given = String(received.headers['x-stockrun-signature'])
  return given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))
}

describe('webhooks', () => {
  test('a signed event reaches the receiver, and is retried with the same delivery id after a 500', async () => {
    const { client, orgId } = await owner()
    const created = await client.post('/api/webhooks', { url: receiver.url, events: ['request.created'] })
    expect(created.status).toBe(201)
    const hook = await created.json()
    expect(hook).toEqual({ id: expect.any(String), url: receiver.url, events: ['request.created'], secret: expect.stringMatching(/^whsec_/) })
    expect(JSON.stringify(await (await client.get('/api/webhooks')).json())).not.toContain(hook.secret)

    const { property, products } = await givenStockedSite(orgId, ['Soap'])
    const request = await (
      await client.post('/api/requests', { propertyId: property.id, vendorName: 'Front Desk', requestedProducts: [{ productId: products[0]!.id, quantity: 2 }] })
    ).json()

    receiver.received = []
    receiver.answers = [500]
    const start = new Date()
    await webhookDeliveriesJob.run(start)
    expect(receiver.received).toHaveLength(1)
    const first = receiver.received[0]!
    expect(first.headers['x-stockrun-event']).toBe('request.created')
    expect(signatureIsValid(hook.secret, first)).toBe(true)
    expect(Math.abs(Number(first.headers['x-stockrun-timestamp']) - Date.now() / 1000)).toBeLessThan(60)
    const event = JSON.parse(first.body)
    expect(event).toEqual({ id: expect.any(String), type: 'request.created', createdAt: expect.any(String), data: { request: expect.objectContaining({ id: request.id, orderNumber: request.orderNumber }) } })

    // Not again before it is due; the first retry comes within 30 seconds.
    await webhookDeliveriesJob.run(new Date(start.getTime() + 1_000))
    expect(receiver.received).toHaveLength(1)
    const pending = await db.webhookDelivery.findFirstOrThrow({ where: { organisationId: orgId } })
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 })
    expect(pending.nextAttemptAt.getTime() - start.getTime()).toBeLessThanOrEqual(30_000)

    await webhookDeliveriesJob.run(new Date(start.getTime() + 30_000))
    expect(receiver.received).toHaveLength(2)
    const retry = receiver.received[1]!
    expect(retry.headers['x-stockrun-delivery']).toBe(first.headers['x-stockrun-delivery'])
    expect(retry.body).toBe(first.body)
    expect(signatureIsValid(hook.secret, retry)).toBe(true)
    expect(await db.webhookDelivery.findFirstOrThrow({ where: { organisationId: orgId } })).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 })

    await webhookDeliveriesJob.run(new Date(start.getTime() + 3_600_000))
    expect(receiver.received).toHaveLength(2)
  })

  test('only subscribed events are queued, and a deleted webhook gets nothing more', async () => {
    const { client, orgId } = await owner()
    const hook = await (await client.post('/api/webhooks', { url: receiver.url, events: ['invoice.sent'] })).json()
    const { property, products } = await givenStockedSite(orgId, ['Soap'])
    await client.post('/api/requests', { propertyId: property.id, vendorName: 'Desk', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] })
    expect(await db.webhookDelivery.count({ where: { organisationId: orgId } })).toBe(0)
    expect((await client.delete(`/api/webhooks/${hook.id}`)).status).toBe(204)
    expect(await (await client.get('/api/webhooks')).json()).toEqual([])
    const other = await owner()
    expect((await other.client.delete(`/api/webhooks/${hook.id}`)).status).toBe(404)
  })

  test('bad input is refused with field messages and saves nothing', async () => {
    const { client, orgId } = await owner()
    const res = await client.post('/api/webhooks', { url: 'ftp://x', events: ['request.exploded'] })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['events.0', 'url'])
    expect(await db.webhookEndpoint.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test('in production, private and loopback addresses are refused unless allowed', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.10', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1']) {
      expect(isPrivateAddress(address)).toBe(true)
    }
    expect(isPrivateAddress('93.184.216.34')).toBe(false)
    expect(await refusedWebhookUrl('http://127.0.0.1:9/x', { allowPrivate: false })).toMatch(/private or loopback/)
    expect(await refusedWebhookUrl('http://[::1]/x', { allowPrivate: false })).toMatch(/private or loopback/)
    expect(await refusedWebhookUrl('http://127.0.0.1:9/x', { allowPrivate: true })).toBeNull()
    expect(await refusedWebhookUrl('https://93.184.216.34/hook', { allowPrivate: false })).toBeNull()
  })
})
