import { describe, expect, test } from 'vitest'
import { isRegistrationEnabled } from '~/models/settings.server'
import { withTestServer } from '../../tests/support/server'
import { givenTeammate } from '../../tests/fixtures/people'

const app = withTestServer()

describe('system settings (owner or admin only)', () => {
  test('an owner reads and changes whether new organisations may register', async () => {
    const owner = await app.signedIn('sys-owner@x.test')
    expect(await (await owner.get('/api/admin/system-settings')).json()).toEqual({ registration_enabled: true })
    const res = await owner.put('/api/admin/system-settings', { registration_enabled: false })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ registration_enabled: false, message: expect.stringContaining('closed') })
    expect(await isRegistrationEnabled()).toBe(false)
    await owner.put('/api/admin/system-settings', { registration_enabled: true })
    expect(await isRegistrationEnabled()).toBe(true)
  })

  test('an admin may change it too', async () => {
    await app.signedIn('sys-owner2@x.test')
    await givenTeammate('sys-owner2@x.test', 'sys-admin@x.test', 'admin')
    const admin = await app.signedIn('sys-admin@x.test')
    expect((await admin.put('/api/admin/system-settings', { registration_enabled: true })).status).toBe(200)
  })

  test('a member gets 403 and the setting does not change', async () => {
    await app.signedIn('sys-owner3@x.test')
    await givenTeammate('sys-owner3@x.test', 'sys-member@x.test', 'member')
    const member = await app.signedIn('sys-member@x.test')
    expect((await member.get('/api/admin/system-settings')).status).toBe(403)
    const res = await member.put('/api/admin/system-settings', { registration_enabled: false })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: expect.any(String) })
    expect(await isRegistrationEnabled()).toBe(true)
  })

  test('a member does not see the System Administration card', async () => {
    await app.signedIn('sys-owner4@x.test')
    await givenTeammate('sys-owner4@x.test', 'sys-member4@x.test', 'member')
    const member = await app.signedIn('sys-member4@x.test')
    const html = await (await member.get('/settings')).text()
    expect(html).toContain('Notification Preferences')
    expect(html).not.toContain('System Administration')
    const owner = await app.signedIn('sys-owner4@x.test')
    expect(await (await owner.get('/settings')).text()).toContain('Allow New Organization Registration')
  })

  test('without a session the answer is 401 Not authenticated', async () => {
    const res = await app.client().get('/api/admin/system-settings')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Not authenticated' })
  })

  test('bad input is a 400 with field errors and changes nothing', async () => {
    const owner = await app.signedIn('sys-owner5@x.test')
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
