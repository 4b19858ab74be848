import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import * as auditLog from '~/areas/organisation/audit-log.server'
import { givenRunner, givenPendingRequest } from '../../../tests/fixtures/dispatch'
import { givenOperator, givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

type Event = { id: string; at: string; actor: { type: string; id: string | null; name: string | null }; action: string; target: { type: string; id: string | null }; details: Record<string, unknown> | null }

async function ownerOf(email: string) {
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  return { client, orgId: org.id, user: await db.user.findUniqueOrThrow({ where: { email } }) }
}

async function events(client: Awaited<ReturnType<typeof app.signedIn>>, query = '') {
  const res = await client.get(`/api/audit-log${query}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Event[]
}

describe('the audit log', () => {
  test('records a status change made through /api and one made on the page, newest first, naming the manager', async () => {
    const { client, orgId, user } = await ownerOf('audit-status@x.test')
    const { request } = await givenPendingRequest(orgId)
    expect((await client.patch(`/api/requests/${request.id}`, { status: 'in_progress' })).status).toBe(200)
    const page = await client.postForm('/requests', { intent: 'status', id: request.id, status: 'completed' })
    expect(page.status).toBe(302)

    const changes = await events(client, '?action=request.status_changed')
    expect(changes).toHaveLength(2)
    expect(changes[0]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      actor: { type: 'user', id: user.id, name: expect.stringMatching(/audit/i) },
      action: 'request.status_changed',
      target: { type: 'request', id: request.id },
      details: { from: 'in_progress', to: 'completed', orderNumber: request.orderNumber },
    })
    expect(changes[1]!.details).toMatchObject({ from: 'pending', to: 'in_progress' })
    expect(Date.parse(changes[0]!.at)).toBeGreaterThanOrEqual(Date.parse(changes[1]!.at))
  })

  test('records sign-ins, token rotations, deletions and settings changes', async () => {
    const { client, orgId } = await ownerOf('audit-mixed@x.test')
    await givenOperator('audit-mixed@x.test')
    const { runner } = await givenRunner(orgId, { name: 'Rita Runner' })
    expect((await client.post(`/api/runners/${runner.id}/token`)).status).toBe(200)
    const product = await db.product.create({ data: { organisationId: orgId, name: 'Mop' } })
    expect((await client.delete(`/api/products/${product.id}`)).status).toBeLessThan(300)
    expect((await client.put('/api/admin/system-settings', { registration_enabled: true })).status).toBe(200)
    expect((await client.put('/api/settings', { emailNotifications: false })).status).toBe(200)

    const actions = (await events(client)).map((e) => e.action)
    expect(actions).toEqual(['settings.preferences_changed', 'settings.system_changed', 'product.deleted', 'runner.token_rotated', 'user.signed_in'])
    const [rotation] = await events(client, '?action=runner')
    expect(rotation).toMatchObject({ target: { type: 'runner', id: runner.id }, details: { name: 'Rita Runner' } })
  })

  test('records API keys created and revoked, and webhooks added and deleted, never with the key or secret', async () => {
    const { client, user } = await ownerOf('audit-integrations@x.test')
    const key = await (await client.post('/api/api-keys', { name: 'Ledger sync', scopes: ['catalog:read'] })).json()
    expect((await client.delete(`/api/api-keys/${key.id}`)).status).toBeLessThan(300)
    const hookRes = await client.post('/api/webhooks', { url: 'https://93.184.215.14/hooks?token=abc', events: ['invoice.sent'] })
    expect(hookRes.status, await hookRes.clone().text()).toBe(201)
    const hook = await hookRes.json()
    expect((await client.delete(`/api/webhooks/${hook.id}`)).status).toBeLessThan(300)

    const logged = (await events(client)).filter((e) => /^(api_key|webhook)\./.test(e.action))
    expect(logged.map((e) => e.action)).toEqual(['webhook.deleted', 'webhook.created', 'api_key.revoked', 'api_key.created'])
    const actor = { type: 'user', id: user.id, name: expect.any(String) }
    expect(logged[3]).toMatchObject({ actor, target: { type: 'api_key', id: key.id }, details: { name: 'Ledger sync', prefix: key.key.slice(0, 12), scopes: ['catalog:read'] } })
    expect(logged[2]).toMatchObject({ actor, target: { type: 'api_key', id: key.id }, details: { name: 'Ledger sync' } })
    expect(logged[1]).toMatchObject({ actor, target: { type: 'webhook', id: hook.id }, details: { url: 'https://93.184.215.14/hooks', events: ['invoice.sent'] } })
    expect(logged[0]).toMatchObject({ target: { type: 'webhook', id: hook.id }, details: { url: 'https://93.184.215.14/hooks' } })
    const all = JSON.stringify(logged)
    expect(all).not.toContain(key.key)
    expect(all).not.toContain(hook.secret)
    expect(all).not.toContain('token=abc')
    expect(await events(client, '?action=api_key')).toHaveLength(2)

    // A refused revocation (another organisation's key) records nothing.
    const stranger = await app.signedIn('audit-integrations-stranger@x.test')
    const theirs = await (await stranger.post('/api/api-keys', { name: 'Theirs', scopes: ['catalog:read'] })).json()
    expect((await client.delete(`/api/api-keys/${theirs.id}`)).status).toBe(404)
    expect(await events(client, '?action=api_key')).toHaveLength(2)
  })

  test('a runner acting through their token is named as the actor', async () => {
    const { client, orgId } = await ownerOf('audit-runner@x.test')
    const { runner, token } = await givenRunner(orgId, { name: 'Rob Runner' })
    const { request } = await givenPendingRequest(orgId)
    const assignment = await db.runnerAssignment.create({ data: { organisationId: orgId, requestId: request.id, runnerId: runner.id } })
    const res = await app.client().fetch(`/api/dispatch/assign/${assignment.id}?token=${encodeURIComponent(token)}`, { method: 'PATCH', json: { status: 'in_transit' } })
    expect(res.status, await res.clone().text()).toBe(200)
    const [moved] = await events(client, '?actor=runner')
    expect(moved).toMatchObject({ actor: { type: 'runner', id: runner.id, name: 'Rob Runner' }, action: 'assignment.status_changed', details: { from: 'assigned', to: 'in_transit' } })
  })

  test('members get 403, anonymous callers 401, and another organisation sees none of it', async () => {
    const { client } = await ownerOf('audit-owner@x.test')
    await givenTeammate('audit-owner@x.test', 'audit-member@x.test', 'member')
    await givenTeammate('audit-owner@x.test', 'audit-admin@x.test', 'admin')
    const member = await app.signedIn('audit-member@x.test')
    const denied = await member.get('/api/audit-log')
    expect(denied.status).toBe(403)
    expect(await denied.json()).toEqual({ error: expect.stringMatching(/owner or admin/) })
    expect((await app.client().get('/api/audit-log')).status).toBe(401)

    const admin = await app.signedIn('audit-admin@x.test')
    expect((await events(admin)).some((e) => e.action === 'user.signed_in' && e.details?.email === 'audit-owner@x.test')).toBe(true)

    const stranger = await app.signedIn('audit-stranger@x.test')
    const theirs = await events(stranger)
    expect(theirs.every((e) => e.details?.email !== 'audit-owner@x.test')).toBe(true)
    expect(client).toBeTruthy()
  })

  test('bad filters answer 400 with the error contract', async () => {
    const { client } = await ownerOf('audit-bad@x.test')
    const res = await client.get('/api/audit-log?actor=hacker&from=yesterday')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: expect.any(String), fieldErrors: { actor: expect.any(Array), from: expect.any(Array) } })
  })

  test('exports the filtered log as CSV, with formula-looking cells neutralised', async () => {
    const { client, orgId } = await ownerOf('audit-csv@x.test')
    const product = await db.product.create({ data: { organisationId: orgId, name: '=HYPERLINK("http://evil")' } })
    await client.delete(`/api/products/${product.id}`)
    const res = await client.get('/api/audit-log?format=csv&action=product')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/csv/)
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe('Time,Actor type,Actor id,Actor,Action,Target type,Target id,Details')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('product.deleted')
    expect(lines[1]).toMatch(/,user,[^,]+,Audit Csv,product\.deleted,/)
    expect(lines[1]).not.toMatch(/,=HYPERLINK/)
  })

  test('is append-only: the app offers no way to change or remove an event, and the database refuses', async () => {
    const { orgId } = await ownerOf('audit-append@x.test')
    await recordAudit({ orgId, action: 'member.role_changed', target: { type: 'user', id: 'u1' }, actor: { type: 'system', id: null, name: null } })
    const row = await db.auditEvent.findFirstOrThrow({ where: { organisationId: orgId, action: 'member.role_changed' } })
    await expect(db.auditEvent.update({ where: { id: row.id }, data: { action: 'user.signed_in' } })).rejects.toThrow()
    await expect(db.auditEvent.delete({ where: { id: row.id } })).rejects.toThrow()
    expect(await db.auditEvent.count({ where: { id: row.id, action: 'member.role_changed' } })).toBe(1)
    expect(Object.keys(auditLog).filter((name) => /update|delete|remove|clear/i.test(name))).toEqual([])
  })

  test('owners see and filter it in Settings without JavaScript; members do not see it', async () => {
    const { client, orgId } = await ownerOf('audit-page@x.test')
    const { request } = await givenPendingRequest(orgId)
    await client.patch(`/api/requests/${request.id}`, { status: 'in_progress' })
    const all = await (await client.get('/settings')).text()
    expect(all).toContain('Audit log')
    expect(all).toContain('request.status_changed')
    expect(all).toContain('user.signed_in')
    const filtered = await (await client.get('/settings?action=request&actor=user')).text()
    expect(filtered).toContain('request.status_changed')
    expect(filtered).not.toContain('>user.signed_in<')
    expect(filtered).toContain('href="/api/audit-log?format=csv&amp;action=request&amp;actor=user"')

    await givenTeammate('audit-page@x.test', 'audit-page-member@x.test', 'member')
    const member = await app.signedIn('audit-page-member@x.test')
    expect(await (await member.get('/settings')).text()).not.toContain('Audit log')
  })
})

describe('sign out everywhere', () => {
  test('ends every session of the manager, on every browser, and is recorded', async () => {
    const laptop = await app.signedIn('everywhere@x.test')
    const phone = await app.signedIn('everywhere@x.test')
    const other = await app.signedIn('someone-else@x.test')
    const res = await laptop.postForm('/settings', { intent: 'sign-out-everywhere' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login')
    expect((await laptop.get('/api/auth/user')).status).toBe(401)
    expect((await phone.get('/api/auth/user')).status).toBe(401)
    expect((await other.get('/api/auth/user')).status).toBe(200)

    const again = await app.signedIn('everywhere@x.test')
    const [ended] = await events(again, '?action=user.signed_out_everywhere')
    expect(ended).toMatchObject({ details: { sessionsEnded: 2 }, actor: { type: 'user', name: expect.stringMatching(/everywhere/i) } })
  })
})
