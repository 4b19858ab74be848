// The organisation's identity (issue 34): its name, address, contacts, tax number and logo through
// GET/PUT /api/organisation/settings and the Settings form; a rename shows at once on the pages and
// in the e-mails; the invitation e-mail comes from the organisation and its expiry reads as on Team.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formatDate } from '~/lib/format'
import { sidewaysPhoto, shellScript } from '../../../tests/fixtures/images'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'
import { decodePart, headerOf, mimeParts, startSmtp } from '../../../tests/support/smtp'

const app = withTestServer()
let smtp: Awaited<ReturnType<typeof startSmtp>>
const savedSmtp = process.env.SMTP_URL

beforeAll(async () => {
  smtp = await startSmtp()
  process.env.SMTP_URL = smtp.url
})
afterAll(async () => {
  if (savedSmtp === undefined) delete process.env.SMTP_URL
  else process.env.SMTP_URL = savedSmtp
  await smtp.close()
})

const IDENTITY = {
  name: 'Lindenhof Hausverwaltung GmbH',
  address: 'Lindenstraße 12\n10969 Berlin',
  contactEmail: 'buero@lindenhof.example',
  contactPhone: '+49 30 1234 5678',
  taxId: 'DE123456789',
  logoUrl: '/images/lindenhof-logo.jpg',
}

describe('GET/PUT /api/organisation/settings identity', () => {
  test('an owner sets and clears the identity; GET carries it beside the other settings; the audit log says who renamed it', async () => {
    const owner = await app.signedIn('id-owner@x.test')
    const fresh = await (await owner.get('/api/organisation/settings')).json()
    expect(fresh).toMatchObject({ name: expect.any(String), address: null, contactEmail: null, contactPhone: null, taxId: null, logoUrl: null, requireHandoverCode: false, timeZone: 'UTC' })

    const saved = await owner.put('/api/organisation/settings', IDENTITY)
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ ...IDENTITY, requireHandoverCode: false, averageSpeedKmh: 25 })
    // One field alone keeps the others; "" and null clear an optional one.
    expect(await (await owner.put('/api/organisation/settings', { taxId: '', address: null })).json()).toMatchObject({ name: IDENTITY.name, taxId: null, address: null, contactEmail: IDENTITY.contactEmail })
    expect(await (await owner.get('/api/organisation/settings')).json()).toMatchObject({ name: IDENTITY.name, taxId: null, logoUrl: IDENTITY.logoUrl })

    const audit = await owner.get('/api/audit-log?action=organisation.identity_changed')
    const entries = JSON.stringify(await audit.json())
    expect(audit.status, entries).toBe(200)
    expect(entries).toContain(`"previousName":"${fresh.name}"`)
    expect(entries).toContain(IDENTITY.name)
  })

  test('bad fields are 400s naming each field, and change nothing', async () => {
    const owner = await app.signedIn('id-bad@x.test')
    const before = await (await owner.get('/api/organisation/settings')).json()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ contactEmail: 'not-an-address' }, 'contactEmail'],
      [{ contactPhone: 'call me' }, 'contactPhone'],
      [{ logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
      [{ taxId: 'x'.repeat(65) }, 'taxId'],
      [{ address: 'x'.repeat(501) }, 'address'],
    ]
    for (const [body, field] of cases) {
      const res = await owner.put('/api/organisation/settings', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys((await res.json()).fieldErrors), JSON.stringify(body)).toContain(field)
    }
    expect(await (await owner.get('/api/organisation/settings')).json()).toEqual(before)
  })

  test('a member reads the identity but may not change it', async () => {
    await app.signedIn('id-boss@x.test')
    await givenTeammate('id-boss@x.test', 'id-member@x.test', 'member')
    const member = await app.signedIn('id-member@x.test')
    const before = (await organisationOf('id-boss@x.test')).name
    expect((await member.get('/api/organisation/settings')).status).toBe(200)
    expect((await member.put('/api/organisation/settings', { name: 'Taken Over Ltd' })).status).toBe(403)
    expect((await member.postForm('/settings', { intent: 'organisation-identity', name: 'Taken Over Ltd' })).status).toBe(403)
    expect((await organisationOf('id-boss@x.test')).name).toBe(before)
    // Settings shows it to them, read-only.
    const page = await (await member.get('/settings')).text()
    expect(page).toContain('Only owners and admins can change these.')
  })
})

describe('the Settings form', () => {
  test('saves the identity without JavaScript, answers field errors beside the fields, and the sidebar shows the new name at once', async () => {
    const owner = await app.signedIn('id-form@x.test')
    const refused = await owner.postForm('/settings', { intent: 'organisation-identity', name: '', contactEmail: 'nope', address: 'Kept Street 1' })
    expect(refused.status).toBe(400)
    const html = await refused.text()
    expect(html).toContain('Enter the organisation&#x27;s name')
    expect(html).toContain('Enter a valid e-mail address')

    const saved = await owner.postForm('/settings', { intent: 'organisation-identity', name: 'Harbour & Pier Lettings', address: '1 Pier Road\nBrighton BN1 1AA', contactEmail: 'hello@harbour.example', contactPhone: '+44 1273 000000', taxId: '' })
    expect(saved.status).toBe(302)
    const org = await organisationOf('id-form@x.test')
    expect(org).toMatchObject({ name: 'Harbour & Pier Lettings', address: '1 Pier Road\nBrighton BN1 1AA', contactEmail: 'hello@harbour.example', taxId: null })
    const page = await (await owner.get('/settings')).text()
    expect(page).toContain('Harbour &amp; Pier Lettings')
    expect(page).toContain('data-testid="organisation-name">Harbour &amp; Pier Lettings</p>')
  })
})

describe('the logo', () => {
  /** The Settings form's multipart post, as a browser sends it (an empty file part when no logo is chosen). */
  function identityForm(fields: Record<string, string>, logo?: { bytes: Buffer; name: string; type: string }) {
    const form = new FormData()
    form.append('intent', 'organisation-identity')
    for (const [key, value] of Object.entries(fields)) form.append(key, value)
    if (logo) form.append('logo', new Blob([new Uint8Array(logo.bytes)], { type: logo.type }), logo.name)
    else form.append('logo', new Blob([], { type: 'application/octet-stream' }), '')
    return form
  }

  test('is uploaded with the form through the image store, shown in Settings, kept on a later save and removed on request; a non-image is refused beside the field', async () => {
    const owner = await app.signedIn('id-logo@x.test')
    const uploaded = await owner.fetch('/settings', { method: 'POST', body: identityForm({ name: 'Logo Lettings' }, { bytes: await sidewaysPhoto(), name: 'logo.jpg', type: 'image/jpeg' }) })
    expect(uploaded.status).toBe(302)
    const { logoUrl } = await (await owner.get('/api/organisation/settings')).json()
    expect(logoUrl).toMatch(/^\/images\/[A-Za-z0-9._-]+$/)
    expect((await owner.get(logoUrl)).headers.get('content-type')).toMatch(/^image\//)
    expect(await (await owner.get('/settings')).text()).toContain(`src="${logoUrl}"`)

    // Saving the other fields without choosing a file keeps the logo.
    expect((await owner.fetch('/settings', { method: 'POST', body: identityForm({ name: 'Logo Lettings Ltd' }) })).status).toBe(302)
    expect(await (await owner.get('/api/organisation/settings')).json()).toMatchObject({ name: 'Logo Lettings Ltd', logoUrl })

    const refused = await owner.fetch('/settings', { method: 'POST', body: identityForm({ name: 'Logo Lettings Ltd' }, { bytes: shellScript, name: 'logo.png', type: 'image/png' }) })
    expect(refused.status).toBe(400)
    expect((await owner.get('/api/organisation/settings').then((r) => r.json())).logoUrl).toBe(logoUrl)

    expect((await owner.fetch('/settings', { method: 'POST', body: identityForm({ name: 'Logo Lettings Ltd', removeLogo: 'true' }) })).status).toBe(302)
    expect((await (await owner.get('/api/organisation/settings')).json()).logoUrl).toBeNull()
  })
})

describe('the invitation e-mail', () => {
  test("comes from the organisation's name, renamed a moment ago, and its expiry reads as the Team page shows it, on the organisation's clock", async () => {
    const owner = await app.signedIn('id-invite@x.test')
    // A zone whose day differs from UTC's now (and a week from now): before 11:00 UTC it is yesterday in Pago Pago, after it tomorrow on Kiritimati.
    const zone = new Date().getUTCHours() < 11 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati'
    await owner.put('/api/organisation/settings', { timeZone: zone, name: 'First Name Ltd' })
    // A rename just before inviting: the sender's name is the new one (the kept identity was dropped by the write).
    await owner.put('/api/organisation/settings', { name: 'Kōwhai Property Care' })
    const res = await owner.post('/api/invitations', { email: 'id-invitee@x.test', role: 'member' })
    expect(res.status).toBe(201)
    const { invitation } = await res.json()
    const mail = [...smtp.received].reverse().find((m) => m.to.includes('id-invitee@x.test'))!
    const from = headerOf(mail.raw, 'from')
    expect(from).toContain('no-reply@stockrun.local')
    expect(decodeHeader(from)).toContain('Kōwhai Property Care')
    const text = mimeParts(mail.raw).map((p) => decodePart(p).toString('utf8')).join('\n')

    const expires = formatDate(invitation.expiresAt, zone)
    expect(text).toContain(`expires ${expires}`)
    const team = (await (await owner.get('/team')).text()).replaceAll('<!-- -->', '')
    expect(team).toContain(`expires ${expires}`)
    // Not UTC's day: the e-mail is on the organisation's clock, like the page.
    expect(text).not.toContain(`expires ${formatDate(invitation.expiresAt, 'UTC')}`)
  })
})

/** An RFC 2047 encoded-word header, as a reader shows it. */
function decodeHeader(value: string) {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  )
}
