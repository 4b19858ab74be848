import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

describe('Settings → Integrations without JavaScript', () => {
  test('an owner creates a key (shown once), sees it listed, and revokes it', async () => {
    const client = await app.signedIn('settings-keys@x.test')
    const form = new URLSearchParams([['intent', 'integrations-create-key'], ['name', 'Ledger'], ['scopes', 'catalog:read'], ['scopes', 'invoices:read']])
    const res = await client.fetch('/settings', { method: 'POST', body: form })
    expect(res.status).toBe(200)
    const page = await res.text()
    const key = /srk_[A-Za-z0-9_-]{43}/.exec(page)?.[0]
    expect(key).toBeDefined()
    expect((await fetch(`${app.url}/api/products`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200)
    const again = await (await client.get('/settings')).text()
    expect(again).toContain('Ledger')
    expect(again).not.toContain(key!)

    const orgId = (await organisationOf('settings-keys@x.test')).id
    const stored = await db.apiKey.findFirstOrThrow({ where: { organisationId: orgId } })
    const revoke = await client.postForm('/settings', { intent: 'integrations-revoke-key', id: stored.id })
    expect(revoke.status).toBe(302)
    expect((await fetch(`${app.url}/api/products`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(401)
  })

  test('a webhook is added with its secret shown once, and a delivery can be sent again', async () => {
    const client = await app.signedIn('settings-hooks@x.test')
    const form = new URLSearchParams([['intent', 'integrations-create-webhook'], ['url', 'http://127.0.0.1:9/hook'], ['events', 'invoice.sent']])
    const page = await (await client.fetch('/settings', { method: 'POST', body: form })).text()
    expect(page).toMatch(/whsec_[A-Za-z0-9_-]{43}/)
    const orgId = (await organisationOf('settings-hooks@x.test')).id
    const hook = await db.webhookEndpoint.findFirstOrThrow({ where: { organisationId: orgId } })
    const delivery = await db.webhookDelivery.create({
      data: { organisationId: orgId, endpointId: hook.id, eventId: 'evt_1', type: 'invoice.sent', payload: '{}', status: 'failed', attempts: 9, lastStatusCode: 500 },
    })
    const log = await (await client.get('/settings')).text()
    expect(log).toContain('Send again')
    expect(log).toContain('500')
    expect((await client.postForm('/settings', { intent: 'integrations-resend', id: delivery.id })).status).toBe(302)
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: 'pending', attempts: 9 })
  })

  test('bad input shows each field’s message on the page and creates nothing', async () => {
    const client = await app.signedIn('settings-bad@x.test')
    const orgId = (await organisationOf('settings-bad@x.test')).id
    const key = await client.fetch('/settings', { method: 'POST', body: new URLSearchParams([['intent', 'integrations-create-key'], ['name', ' ']]) })
    expect(key.status).toBe(400)
    const keyPage = await key.text()
    expect(keyPage).toContain('Name the key')
    expect(keyPage).toContain('Choose at least one scope')
    const hook = await client.fetch('/settings', { method: 'POST', body: new URLSearchParams([['intent', 'integrations-create-webhook'], ['url', 'ftp://files.example'], ['events', 'invoice.sent']]) })
    expect(hook.status).toBe(400)
    const hookPage = await hook.text()
    expect(hookPage).toContain('Enter a full http(s) URL')
    // What was typed stays, so only the mistake needs fixing.
    expect(hookPage).toMatch(/checked="" value="invoice\.sent"/)
    expect(await db.apiKey.count({ where: { organisationId: orgId } })).toBe(0)
    expect(await db.webhookEndpoint.count({ where: { organisationId: orgId } })).toBe(0)
  })
})
