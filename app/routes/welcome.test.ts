// The first-run step (issue 34): a first sign-in that creates an organisation lands on /welcome, with
// the browser's zone preselected when it sent one and a visible choice when not (never UTC as if
// chosen); saving names the organisation, sets its zone and depot and goes on; skipping is allowed
// and says what stays. Invited people and organisations already set up never see it.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenTeammate, organisationOf } from '../../tests/fixtures/people'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer()

const setupOf = async (email: string) => (await db.organisation.findUniqueOrThrow({ where: { id: (await organisationOf(email)).id }, select: { setupCompletedAt: true } })).setupCompletedAt

describe('the first-run step', () => {
  test("a sign-up with the browser's zone lands on it with that zone preselected; saving sets name, zone and depot and goes to the dashboard", async () => {
    const owner = app.client()
    const { res, path } = await owner.signIn('welcome-berlin@x.test', { timeZone: 'Europe/Berlin' })
    expect(path).toBe('/welcome')
    expect((await organisationOf('welcome-berlin@x.test')).timeZone).toBe('Europe/Berlin')
    const page = await res.text()
    expect(page).toContain('Set up your organisation')
    expect(page).toMatch(/<option value="Europe\/Berlin" selected="">/)
    expect(page).toContain('Taken from your browser when you signed up.')
    expect(page).not.toContain('Choose a time zone…')

    const saved = await owner.postForm('/welcome', { intent: 'save', name: 'Spree Wohnen GmbH', timeZone: 'Europe/Berlin', depotAddress: 'Am Ostbahnhof 9, 10243 Berlin' })
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe('/')
    expect(await (await owner.get('/api/organisation/settings')).json()).toMatchObject({ name: 'Spree Wohnen GmbH', timeZone: 'Europe/Berlin', depotAddress: 'Am Ostbahnhof 9, 10243 Berlin' })
    expect(await setupOf('welcome-berlin@x.test')).toBeInstanceOf(Date)
    // Signing in again goes straight to the dashboard.
    expect((await app.client().signIn('welcome-berlin@x.test')).path).toBe('/')
  })

  test('without a zone from the browser the page asks: nothing is preselected, saving without a choice is refused, and a skip says UTC stays', async () => {
    const owner = app.client()
    const { res, path } = await owner.signIn('welcome-nozone@x.test')
    expect(path).toBe('/welcome')
    const page = await res.text()
    expect(page).toContain('Choose a time zone…')
    expect(page).toContain('Stockrun could not tell your time zone')
    expect(page).not.toMatch(/<option value="UTC" selected/)
    expect(page).toContain('Skipping keeps times in UTC until you choose a time zone in Settings.')

    const refused = await owner.postForm('/welcome', { intent: 'save', name: '', timeZone: '' })
    expect(refused.status).toBe(400)
    const answer = await refused.text()
    expect(answer).toContain('Choose the time zone your team works in')
    expect(answer).toContain('Enter the organisation&#x27;s name')
    expect(await setupOf('welcome-nozone@x.test')).toBeNull()

    const skipped = await owner.postForm('/welcome', { intent: 'skip' })
    expect(skipped.status).toBe(302)
    expect(skipped.headers.get('location')).toBe('/')
    expect(await setupOf('welcome-nozone@x.test')).toBeInstanceOf(Date)
    expect((await organisationOf('welcome-nozone@x.test')).timeZone).toBe('UTC')
  })

  test('goes on to the page first asked for', async () => {
    const owner = app.client()
    const { path } = await owner.follow(await owner.postForm('/auth/oidc', { login_hint: 'welcome-back@x.test', redirectTo: '/settings', timeZone: 'America/Chicago' }))
    expect(path).toBe('/welcome?redirectTo=%2Fsettings')
    const saved = await owner.postForm(path, { intent: 'save', name: 'Prairie Homes', timeZone: 'America/Chicago' })
    expect(saved.headers.get('location')).toBe('/settings')
  })

  test('an invited colleague never sees it, and a member may not open it', async () => {
    await app.signedIn('welcome-boss@x.test')
    await givenTeammate('welcome-boss@x.test', 'welcome-member@x.test', 'member')
    const member = app.client()
    expect((await member.signIn('welcome-member@x.test')).path).toBe('/')
    expect((await member.get('/welcome')).status).toBe(403)
    expect((await member.postForm('/welcome', { intent: 'skip' })).status).toBe(403)
  })
})
