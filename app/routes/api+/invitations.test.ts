// Invitations (issue 26): invite by e-mail, the link's sign-in round trip, the address check, used,
// revoked and expired links, resend, the daily allowance, and what the audit log says about it.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import type { TestClient } from '../../../tests/support/client'
import { withTestServer } from '../../../tests/support/server'
import { startSmtp } from '../../../tests/support/smtp'

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

/** The /invite/<token> path in the last message sent to this address. */
function linkSentTo(email: string) {
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(email))
  if (!mail) throw new Error(`no e-mail to ${email}`)
  const raw = mail.raw.replace(/=\r?\n/g, '')
  return /\/invite\/[A-Za-z0-9_-]{20,}/.exec(raw)![0]
}

async function invite(owner: TestClient, email: string, role = 'member') {
  const res = await owner.post('/api/invitations', { email, role })
  expect(res.status, await res.clone().text()).toBe(201)
  return { ...((await res.json()) as { invitation: { id: string } }).invitation, link: linkSentTo(email) }
}

/** Signs in through the invitation page's own form: the provider, then back to the link. */
async function signInThroughLink(client: TestClient, link: string, email: string) {
  return client.follow(await client.postForm('/auth/oidc', { login_hint: email, redirectTo: link }))
}

async function setRegistration(open: boolean) {
  await db.systemSetting.upsert({ where: { key: 'registration_enabled' }, create: { key: 'registration_enabled', value: String(open) }, update: { value: String(open) } })
}

test('an owner invites by e-mail; the colleague signs in through the link while registration is closed and joins with the role, with no organisation of their own', async () => {
  const owner = await app.signedIn('inv-owner@x.test')
  const org = await organisationOf('inv-owner@x.test')
  const res = await owner.post('/api/invitations', { email: ' Colleague@X.test ', role: 'admin' })
  expect(res.status).toBe(201)
  const body = await res.json()
  expect(body).toEqual({ invitation: { id: expect.any(String), email: 'colleague@x.test', role: 'admin', expiresAt: expect.any(String) } })
  expect(new Date(body.invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000)
  const link = linkSentTo('colleague@x.test')
  const token = link.split('/').pop()!
  // The token travels only in the e-mail: not in the answer, not in the database, not in the list.
  expect(JSON.stringify(body)).not.toContain(token)
  expect(JSON.stringify(await db.invitation.findMany())).not.toContain(token)
  const listed = await (await owner.get('/api/invitations')).json()
  expect(listed.invitations).toEqual([expect.objectContaining({ id: body.invitation.id, email: 'colleague@x.test', role: 'admin', expired: false })])
  expect(JSON.stringify(listed)).not.toContain(token)

  await setRegistration(false)
  try {
    const colleague = app.client()
    const page = await colleague.get(link)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Sign in with <strong>colleague@x.test</strong> to accept')
    const { path } = await signInThroughLink(colleague, link, 'Colleague@x.test')
    expect(path).toBe(link)
    expect(await db.membership.count({ where: { user: { email: 'colleague@x.test' } } })).toBe(0)
    const accepted = await colleague.postForm(link, {})
    expect(accepted.status).toBe(302)
    expect(accepted.headers.get('location')).toBe('/')
    const me = await (await colleague.get('/api/auth/user')).json()
    expect(me).toMatchObject({ email: 'colleague@x.test', role: 'admin', tenant: { id: org.id, name: org.name } })
    const memberships = await db.membership.findMany({ where: { user: { email: 'colleague@x.test' } } })
    expect(memberships.map((m) => [m.organisationId, m.role])).toEqual([[org.id, 'admin']])
  } finally {
    await setRegistration(true)
  }

  // Used once: the link now says so, and accepting again changes nothing.
  const again = await app.client().get(link)
  expect(again.status).toBe(410)
  expect(await again.text()).toContain('This invitation was already used')
  expect((await (await owner.get('/api/invitations')).json()).invitations).toEqual([])
  const members = (await (await owner.get('/api/members')).json()).members
  expect(members).toEqual([
    { userId: expect.any(String), email: 'inv-owner@x.test', name: 'Inv Owner', role: 'owner', joinedAt: expect.any(String), lastActiveAt: expect.any(String) },
    { userId: expect.any(String), email: 'colleague@x.test', name: 'Colleague Manager', role: 'admin', joinedAt: expect.any(String), lastActiveAt: expect.any(String) },
  ])
  const audit = (await (await owner.get('/api/audit-log?action=member')).json()) as { action: string; actor: { name: string } }[]
  expect(audit.map((e) => [e.action, e.actor.name])).toEqual(expect.arrayContaining([['member.invited', 'Inv Owner'], ['member.invitation_accepted', 'Colleague Manager']]))
})

test('someone who already joined and reopens the used link is taken to that organisation, with a message, not an error', async () => {
  const owner = await app.signedIn('inv-reopen-owner@x.test')
  const theirs = await organisationOf('inv-reopen-owner@x.test')
  const { link } = await invite(owner, 'inv-reopen@x.test')
  // Registration is open: the colleague has an organisation of their own too, and acts for it.
  const colleague = await app.signedIn('inv-reopen@x.test')
  const own = await organisationOf('inv-reopen@x.test')
  expect((await colleague.postForm(link, {})).headers.get('location')).toBe('/')
  await colleague.postForm('/switch-organisation', { organisationId: own.id })
  expect((await (await colleague.get('/api/auth/user')).json()).tenant.id).toBe(own.id)

  // Acting for another organisation, the page offers one button: a GET never switches (it would write).
  const reopened = await colleague.get(link)
  expect(reopened.status).toBe(200)
  expect(await reopened.text()).toContain(`Go to ${theirs.name.replace(/'/g, '&#x27;')}`)
  expect((await (await colleague.get('/api/auth/user')).json()).tenant.id).toBe(own.id)
  const went = await colleague.postForm(link, {})
  expect(went.status).toBe(302)
  expect(went.headers.get('location')).toBe('/')
  const { res } = await colleague.follow(went)
  expect(res.status).toBe(200)
  expect(await res.text()).toContain(`You are in ${theirs.name}`)
  expect((await (await colleague.get('/api/auth/user')).json()).tenant).toMatchObject({ id: theirs.id, name: theirs.name })
  // Reopened again while acting for it, the link goes straight to its dashboard.
  const again = await colleague.get(link)
  expect(again.status).toBe(302)
  expect(again.headers.get('location')).toBe('/')
  // Anyone else opening it still reads that it was used.
  expect((await app.client().get(link)).status).toBe(410)
})

test('another address is refused with a page naming the invited one, and nothing is joined', async () => {
  const owner = await app.signedIn('inv2-owner@x.test')
  const { link } = await invite(owner, 'invited2@x.test')
  const stranger = app.client()
  await signInThroughLink(stranger, link, 'someone-else2@x.test')
  const page = await stranger.get(link)
  expect(page.status).toBe(403)
  const html = await page.text()
  expect(html).toContain('This invitation is for <strong>invited2@x.test</strong>')
  expect(html).toContain('someone-else2@x.test')
  const refused = await stranger.postForm(link, {})
  expect(refused.headers.get('location')).toBe(link)
  expect(await db.membership.count({ where: { user: { email: 'someone-else2@x.test' } } })).toBe(0)
  // The right person can still use it.
  expect((await app.client().get(link)).status).toBe(200)
})

test('revoked, expired and replaced links get a clear page and join nothing; a resend works', async () => {
  const owner = await app.signedIn('inv3-owner@x.test')
  const revoked = await invite(owner, 'revoked3@x.test')
  expect((await owner.delete(`/api/invitations/${revoked.id}`)).status).toBe(200)
  const revokedPage = await app.client().get(revoked.link)
  expect(revokedPage.status).toBe(410)
  expect(await revokedPage.text()).toContain('This invitation was withdrawn')
  const person = await app.signedIn('revoked3@x.test')
  await person.postForm(revoked.link, {})
  expect(await db.membership.count({ where: { user: { email: 'revoked3@x.test' }, organisation: { id: (await organisationOf('inv3-owner@x.test')).id } } })).toBe(0)
  expect((await owner.post(`/api/invitations/${revoked.id}/resend`)).status).toBe(409)

  const lapsed = await invite(owner, 'lapsed3@x.test')
  await db.invitation.update({ where: { id: lapsed.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
  const lapsedPage = await app.client().get(lapsed.link)
  expect(lapsedPage.status).toBe(410)
  expect(await lapsedPage.text()).toContain('This invitation has expired')
  expect((await (await owner.get('/api/invitations')).json()).invitations).toEqual([expect.objectContaining({ email: 'lapsed3@x.test', expired: true })])
  // An expired invitation no longer blocks a new one; a resend gives a new link and the old one opens nothing.
  const resent = await owner.post(`/api/invitations/${lapsed.id}/resend`)
  expect(resent.status).toBe(200)
  expect((await resent.json()).invitation).toMatchObject({ id: lapsed.id, email: 'lapsed3@x.test' })
  const fresh = linkSentTo('lapsed3@x.test')
  expect(fresh).not.toBe(lapsed.link)
  expect((await app.client().get(lapsed.link)).status).toBe(404)
  const joiner = app.client()
  await signInThroughLink(joiner, fresh, 'lapsed3@x.test')
  expect((await joiner.postForm(fresh, {})).headers.get('location')).toBe('/')
  expect((await (await joiner.get('/api/auth/user')).json()).role).toBe('member')
  expect((await app.client().get('/invite/not-a-token-at-all')).status).toBe(404)
})

test('a member or an invited address answers 409, members cannot invite, bad input is 400, and 50 a day is the limit', async () => {
  const owner = await app.signedIn('inv4-owner@x.test')
  await givenTeammate('inv4-owner@x.test', 'inv4-member@x.test', 'member')
  const already = await owner.post('/api/invitations', { email: 'INV4-member@x.test', role: 'member' })
  expect(already.status).toBe(409)
  expect((await already.json()).error).toBe('inv4-member@x.test is already a member of this organisation.')
  await invite(owner, 'twice4@x.test')
  const twice = await owner.post('/api/invitations', { email: 'twice4@x.test', role: 'admin' })
  expect(twice.status).toBe(409)
  expect((await twice.json()).error).toMatch(/already been invited/)
  for (const bad of [{ email: 'nope', role: 'member' }, { email: 'a@x.test', role: 'owner' }, { email: 'a@x.test', role: 'member', token: 'x' }]) {
    const res = await owner.post('/api/invitations', bad)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: expect.any(String), fieldErrors: expect.any(Object) })
  }
  const member = await app.signedIn('inv4-member@x.test')
  expect((await member.post('/api/invitations', { email: 'm4@x.test', role: 'member' })).status).toBe(403)
  expect((await member.get('/api/invitations')).status).toBe(403)

  // Resends count as much as new invitations: 49 sent today, one resend, and the day is full.
  const { id: orgId } = await organisationOf('inv4-owner@x.test')
  const count = await db.invitation.count({ where: { organisationId: orgId } })
  await db.invitation.createMany({
    data: Array.from({ length: 49 - count }, (_, i) => ({ organisationId: orgId, email: `bulk${i}@x.test`, role: 'member', tokenHash: `bulk-${orgId}-${i}`, expiresAt: new Date(Date.now() + 3600_000) })),
  })
  const twiceId = (await db.invitation.findFirstOrThrow({ where: { email: 'twice4@x.test' } })).id
  expect((await owner.post(`/api/invitations/${twiceId}/resend`)).status).toBe(200)
  const tooMany = await owner.post('/api/invitations', { email: 'fifty-first@x.test', role: 'member' })
  expect(tooMany.status).toBe(429)
  expect((await tooMany.json()).error).toMatch(/At most 50 invitations a day/)
  expect(await db.invitation.count({ where: { email: 'fifty-first@x.test' } })).toBe(0)
  expect((await owner.post(`/api/invitations/${twiceId}/resend`)).status).toBe(429)
})
