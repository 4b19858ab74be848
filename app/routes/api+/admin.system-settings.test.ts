// The registration switch is the deployment's, so only the operator (the owners and admins of the
// first organisation, or those OPERATOR_EMAILS names) changes it; everyone else may read it (decision 072).
import { beforeAll, describe, expect, test } from 'vitest'
import { isRegistrationEnabled } from '~/areas/organisation/settings.server'
import { withTestServer } from '../../../tests/support/server'
import { givenOperator, givenTeammate } from '../../../tests/fixtures/people'

const app = withTestServer()

beforeAll(async () => {
  await app.signedIn('sys-owner@x.test')
  await givenOperator('sys-owner@x.test')
})

describe('system settings (the operator’s owners and admins only)', () => {
  test('the operator’s owner reads and changes whether new organisations may register', async () => {
    const owner = await app.signedIn('sys-owner@x.test')
    expect(await (await owner.get('/api/admin/system-settings')).json()).toEqual({ registration_enabled: true })
    const res = await owner.put('/api/admin/system-settings', { registration_enabled: false })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ registration_enabled: false, message: expect.stringContaining('closed') })
    expect(await isRegistrationEnabled()).toBe(false)
    await owner.put('/api/admin/system-settings', { registration_enabled: true })
    expect(await isRegistrationEnabled()).toBe(true)
  })

  test('the operator’s admin may change it too', async () => {
    await givenTeammate('sys-owner@x.test', 'sys-admin@x.test', 'admin')
    const admin = await app.signedIn('sys-admin@x.test')
    expect((await admin.put('/api/admin/system-settings', { registration_enabled: true })).status).toBe(200)
    expect(await (await admin.get('/settings')).text()).toContain('Allow New Organization Registration')
  })

  test('the owner of a second organisation may read it, gets 403 on changing it, and sees no System Administration card', async () => {
    const stranger = await app.signedIn('sys-stranger@x.test')
    expect(await (await stranger.get('/api/admin/system-settings')).json()).toEqual({ registration_enabled: true })
    const res = await stranger.put('/api/admin/system-settings', { registration_enabled: false })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: 'Only the owners and admins of the organisation that runs this deployment can change system settings.' })
    const page = await stranger.postForm('/settings', { intent: 'system', registration_enabled: 'off' })
    expect(page.status).toBe(403)
    expect(await isRegistrationEnabled()).toBe(true)
    const html = await (await stranger.get('/settings')).text()
    expect(html).toContain('Notification Preferences')
    expect(html).not.toContain('System Administration')
  })

  test('a member of the operator’s organisation gets 403 and does not see the card', async () => {
    await givenTeammate('sys-owner@x.test', 'sys-member@x.test', 'member')
    const member = await app.signedIn('sys-member@x.test')
    expect((await member.get('/api/admin/system-settings')).status).toBe(200)
    const res = await member.put('/api/admin/system-settings', { registration_enabled: false })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: expect.any(String) })
    expect(await isRegistrationEnabled()).toBe(true)
    const html = await (await member.get('/settings')).text()
    expect(html).toContain('Notification Preferences')
    expect(html).not.toContain('System Administration')
    const owner = await app.signedIn('sys-owner@x.test')
    expect(await (await owner.get('/settings')).text()).toContain('Allow New Organization Registration')
  })

  test('without a session the answer is 401 Not authenticated', async () => {
    const res = await app.client().get('/api/admin/system-settings')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Not authenticated' })
  })

  test('bad input is a 400 with field errors and changes nothing', async () => {
    const owner = await app.signedIn('sys-owner@x.test')
    const res = await owner.put('/api/admin/system-settings', { registration_enabled: 'maybe' })
    expect(res.status).toBe(400)
    expect((await res.json()).fieldErrors).toHaveProperty('registration_enabled')
    const malformed = await owner.fetch('/api/admin/system-settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"registration_enabled": fal',
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ error: 'Request body must be valid JSON.' })
    expect(await isRegistrationEnabled()).toBe(true)
  })
})
