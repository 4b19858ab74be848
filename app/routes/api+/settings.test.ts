import { describe, expect, test } from 'vitest'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

describe("a manager's notification preferences", () => {
  test('start with sounds and e-mail on and SMS off', async () => {
    const c = await app.signedIn('prefs1@x.test')
    expect(await (await c.get('/api/settings')).json()).toEqual({
      notificationSoundsEnabled: true,
      emailNotifications: true,
      smsNotifications: false,
      smsPhone: null,
    })
  })

  test('change one field at a time and keep the others', async () => {
    const c = await app.signedIn('prefs2@x.test')
    const res = await c.put('/api/settings', { notificationSoundsEnabled: false })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ notificationSoundsEnabled: false, emailNotifications: true })
    expect((await (await c.get('/api/settings')).json()).notificationSoundsEnabled).toBe(false)
  })

  test('are private to each manager', async () => {
    const a = await app.signedIn('prefs3@x.test')
    const b = await app.signedIn('prefs4@x.test')
    await a.put('/api/settings', { smsNotifications: true })
    expect((await (await b.get('/api/settings')).json()).smsNotifications).toBe(false)
  })

  test('refuse unknown fields, wrong types and empty changes with 400', async () => {
    const c = await app.signedIn('prefs5@x.test')
    for (const body of [{ notificationSoundsEnabled: 'loud' }, { volume: 11 }, {}]) {
      const res = await c.put('/api/settings', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await res.json()).error).toEqual(expect.any(String))
    }
    expect((await (await c.get('/api/settings')).json()).notificationSoundsEnabled).toBe(true)
  })

  test('the settings page saves preferences from a plain form post', async () => {
    const c = await app.signedIn('prefs6@x.test')
    const res = await c.postForm('/settings', {
      intent: 'preferences',
      notificationSoundsEnabled: 'false',
      emailNotifications: 'false',
      smsNotifications: 'true',
    })
    expect(res.status).toBe(302)
    const { res: page } = await c.follow(res)
    expect(await page.text()).toContain('Your preferences have been saved successfully.')
    expect(await (await c.get('/api/settings')).json()).toEqual({
      notificationSoundsEnabled: false,
      emailNotifications: false,
      smsNotifications: true,
      smsPhone: null,
    })
  })

  test('keep a phone number for SMS, refuse one that is not a number, and clear it when blanked', async () => {
    const c = await app.signedIn('prefs7@x.test')
    const saved = await c.put('/api/settings', { smsNotifications: true, smsPhone: '+1 212 555 0100' })
    expect(await saved.json()).toMatchObject({ smsNotifications: true, smsPhone: '+1 212 555 0100' })
    const bad = await c.put('/api/settings', { smsPhone: 'call me maybe' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).fieldErrors.smsPhone).toEqual(['Enter a phone number like +1 212 555 0100'])
    const page = await c.postForm('/settings', { intent: 'preferences', smsPhone: '12' })
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('Enter a phone number like +1 212 555 0100')
    expect((await (await c.get('/api/settings')).json()).smsPhone).toBe('+1 212 555 0100')
    await c.put('/api/settings', { smsPhone: '' })
    expect((await (await c.get('/api/settings')).json()).smsPhone).toBeNull()
  })
})
