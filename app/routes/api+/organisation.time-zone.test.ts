// The organisation's time zone (issue 28): chosen from the IANA list in Settings and through the API,
// started from the browser's zone at sign-up, and the clock of every time the organisation reads.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenRequestWith } from '../../../tests/fixtures/requests'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

describe('GET/PUT /api/organisation/settings timeZone', () => {
  test('an owner picks a zone from the list; an unknown one is a 400 that changes nothing; a member may not', async () => {
    const owner = await app.signedIn('zone-owner@x.test')
    expect(await (await owner.get('/api/organisation/settings')).json()).toMatchObject({ requireHandoverCode: false, timeZone: 'UTC', depotAddress: null, averageSpeedKmh: 25, minutesPerStop: 6, overdueAfterMinutes: null })

    for (const timeZone of ['Mars/Olympus', '+05:30', '', 42]) {
      const bad = await owner.put('/api/organisation/settings', { timeZone })
      expect(bad.status, String(timeZone)).toBe(400)
      expect((await bad.json()).fieldErrors.timeZone, String(timeZone)).toEqual([expect.stringContaining('Unknown time zone')])
    }
    await owner.put('/api/organisation/settings', { requireHandoverCode: true })
    const saved = await owner.put('/api/organisation/settings', { timeZone: 'Asia/Kolkata' })
    expect(saved.status).toBe(200)
    // The handover rule is kept when only the zone is sent.
    expect(await saved.json()).toMatchObject({ requireHandoverCode: true, timeZone: 'Asia/Kolkata' })
    // A browser that still says Asia/Calcutta is kept under today's name.
    expect(await (await owner.put('/api/organisation/settings', { timeZone: 'Asia/Calcutta' })).json()).toMatchObject({ timeZone: 'Asia/Kolkata' })

    await givenTeammate('zone-owner@x.test', 'zone-member@x.test', 'member')
    const member = await app.signedIn('zone-member@x.test')
    expect((await member.put('/api/organisation/settings', { timeZone: 'UTC' })).status).toBe(403)
    expect((await db.organisation.findUniqueOrThrow({ where: { id: (await organisationOf('zone-owner@x.test')).id } })).timeZone).toBe('Asia/Kolkata')
  })

  test('the Settings form saves the zone, and refuses one not on the list', async () => {
    const owner = await app.signedIn('zone-form@x.test')
    const page = await (await owner.get('/settings')).text()
    expect(page).toContain('<option value="Asia/Kolkata">Asia/Kolkata</option>')
    const refused = await owner.postForm('/settings', { intent: 'organisation', requireHandoverCode: 'false', timeZone: 'Mars/Olympus' })
    expect(refused.status).toBe(400)
    const saved = await owner.postForm('/settings', { intent: 'organisation', requireHandoverCode: 'false', timeZone: 'America/New_York' })
    expect(saved.status).toBe(302)
    expect((await db.organisation.findUniqueOrThrow({ where: { id: (await organisationOf('zone-form@x.test')).id } })).timeZone).toBe('America/New_York')
  })
})

describe('a first sign-in', () => {
  test('starts its organisation on the browser’s zone, else UTC', async () => {
    const kolkata = app.client()
    await kolkata.signIn('zone-signup@x.test', { timeZone: 'Asia/Calcutta' })
    expect((await organisationOf('zone-signup@x.test')).timeZone).toBe('Asia/Kolkata')
    const unknown = app.client()
    await unknown.signIn('zone-signup-bad@x.test', { timeZone: 'Nowhere/Else' })
    expect((await organisationOf('zone-signup-bad@x.test')).timeZone).toBe('UTC')
  })
})

test('the requests CSV gives times on the organisation’s clock with its offset', async () => {
  const owner = await app.signedIn('zone-csv@x.test')
  const org = await organisationOf('zone-csv@x.test')
  await owner.put('/api/organisation/settings', { timeZone: 'Asia/Kolkata' })
  await givenRequestWith(org.id, { createdAt: new Date('2026-11-25T10:15:00Z') })
  const csv = await (await owner.get('/api/requests?format=csv')).text()
  expect(csv).toContain('2026-11-25T15:45:00+05:30')
})

describe('dates on the catalog, QR and team pages', () => {
  test('a product added, a code generated, a member joined and an invitation lapsing read on the organisation’s clock', async () => {
    const owner = await app.signedIn('zone-dates@x.test')
    const orgId = (await organisationOf('zone-dates@x.test')).id
    await db.organisation.update({ where: { id: orgId }, data: { timeZone: 'Asia/Kolkata' } })
    // 20:00 on the 25th in UTC is already the 26th in Kolkata (UTC+5:30).
    const late = new Date('2026-11-25T20:00:00Z')
    await db.product.create({ data: { organisationId: orgId, name: 'Late Soap', createdAt: late } })
    await db.property.create({ data: { organisationId: orgId, name: 'Late Lofts', address: '1 Night St', qrCodeActive: true, qrCodeGeneratedAt: late } })
    await db.membership.updateMany({ where: { organisationId: orgId }, data: { createdAt: late } })
    await db.invitation.create({ data: { organisationId: orgId, email: 'late@x.test', role: 'member', tokenHash: 'late-hash', expiresAt: late } })
    expect(await (await owner.get('/products')).text()).toContain('Added Nov 26, 2026')
    expect(await (await owner.get('/qr-codes')).text()).toContain('Generated Nov 26, 2026')
    const team = await (await owner.get('/team')).text()
    expect(team).toContain('Nov 26, 2026')
    expect(team).not.toContain('Nov 25, 2026')
  })
})
