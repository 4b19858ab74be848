import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

test('an owner changes a role, it is recorded, and the last owner cannot step down', async () => {
  const owner = await app.signedIn('roles-owner@x.test')
  const mate = await givenTeammate('roles-owner@x.test', 'roles-mate@x.test', 'member')
  const res = await owner.patch(`/api/members/${mate.id}`, { role: 'admin' })
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ userId: mate.id, email: 'roles-mate@x.test', role: 'admin' })
  const [changed] = await (await owner.get('/api/audit-log?action=member.role_changed')).json()
  expect(changed).toMatchObject({ actor: { type: 'user' }, target: { type: 'user', id: mate.id }, details: { from: 'member', to: 'admin', email: 'roles-mate@x.test' } })

  const me = await db.user.findUniqueOrThrow({ where: { email: 'roles-owner@x.test' } })
  const stepDown = await owner.patch(`/api/members/${me.id}`, { role: 'member' })
  expect(stepDown.status).toBe(409)
  expect((await stepDown.json()).error).toMatch(/at least one owner/)
  expect((await db.membership.findFirstOrThrow({ where: { userId: me.id } })).role).toBe('owner')
})

test('admins cannot touch owners, members cannot change roles, and other organisations are 404', async () => {
  await app.signedIn('roles2-owner@x.test')
  const owner = await db.user.findUniqueOrThrow({ where: { email: 'roles2-owner@x.test' } })
  await givenTeammate('roles2-owner@x.test', 'roles2-admin@x.test', 'admin')
  const plain = await givenTeammate('roles2-owner@x.test', 'roles2-member@x.test', 'member')
  const admin = await app.signedIn('roles2-admin@x.test')
  expect((await admin.patch(`/api/members/${owner.id}`, { role: 'member' })).status).toBe(403)
  expect((await admin.patch(`/api/members/${plain.id}`, { role: 'owner' })).status).toBe(403)
  const member = await app.signedIn('roles2-member@x.test')
  expect((await member.patch(`/api/members/${plain.id}`, { role: 'admin' })).status).toBe(403)
  const stranger = await app.signedIn('roles2-stranger@x.test')
  expect((await stranger.patch(`/api/members/${plain.id}`, { role: 'admin' })).status).toBe(404)
  const bad = await admin.patch(`/api/members/${plain.id}`, { role: 'emperor' })
  expect(bad.status).toBe(400)
  expect((await db.membership.findFirstOrThrow({ where: { userId: plain.id } })).role).toBe('member')
  expect(await db.auditEvent.count({ where: { action: 'member.role_changed', targetId: plain.id } })).toBe(0)
})

test('a removed member’s next request is signed out of that organisation; with another organisation they land there', async () => {
  const owner = await app.signedIn('rm-owner@x.test')
  const gone = await givenTeammate('rm-owner@x.test', 'rm-gone@x.test', 'member')
  const goneClient = await app.signedIn('rm-gone@x.test')
  expect((await goneClient.get('/api/auth/user')).status).toBe(200)
  const removed = await owner.delete(`/api/members/${gone.id}`)
  expect(removed.status).toBe(200)
  expect(await removed.json()).toEqual({ userId: gone.id, email: 'rm-gone@x.test', removed: true })
  expect((await goneClient.get('/api/auth/user')).status).toBe(401)
  expect((await goneClient.get('/requests')).headers.get('location')).toMatch(/^\/login/)

  // Someone who also has an organisation of their own: the session that acted for the removed one ends.
  await app.signedIn('rm-two@x.test')
  const own = await organisationOf('rm-two@x.test')
  const ownerOrg = await organisationOf('rm-owner@x.test')
  const two = await db.user.findUniqueOrThrow({ where: { email: 'rm-two@x.test' } })
  await db.membership.create({ data: { userId: two.id, organisationId: ownerOrg.id, role: 'admin' } })
  const twoClient = await app.signedIn('rm-two@x.test')
  await twoClient.postForm('/switch-organisation', { organisationId: ownerOrg.id })
  expect((await (await twoClient.get('/api/auth/user')).json()).tenant.id).toBe(ownerOrg.id)
  const elsewhere = await app.signedIn('rm-two@x.test')
  expect((await owner.delete(`/api/members/${two.id}`)).status).toBe(200)
  expect((await twoClient.get('/api/auth/user')).status).toBe(401)
  // Their other browser, acting for their own organisation, carries on there.
  expect((await (await elsewhere.get('/api/auth/user')).json()).tenant.id).toBe(own.id)
  const audit = (await (await owner.get('/api/audit-log?action=member.removed')).json()) as { target: { id: string }; actor: { name: string } }[]
  expect(audit.map((e) => [e.target.id, e.actor.name])).toEqual(expect.arrayContaining([[gone.id, 'Rm Owner'], [two.id, 'Rm Owner']]))
})

test('a person in two organisations switches between them and sees each one’s data; a stranger’s organisation cannot be chosen', async () => {
  const first = await app.signedIn('sw-a@x.test')
  await first.post('/api/properties', { name: 'Alpha Tower', address: '1 Alpha St' })
  const second = await app.signedIn('sw-b@x.test')
  await second.post('/api/properties', { name: 'Beta Court', address: '2 Beta St' })
  const orgA = await organisationOf('sw-a@x.test')
  const orgB = await organisationOf('sw-b@x.test')
  await givenTeammate('sw-b@x.test', 'sw-both@x.test', 'member')
  const both = await db.user.findUniqueOrThrow({ where: { email: 'sw-both@x.test' } })
  await db.membership.create({ data: { userId: both.id, organisationId: orgA.id, role: 'admin', createdAt: new Date(Date.now() + 1000) } })
  const person = await app.signedIn('sw-both@x.test')
  const names = async () => ((await (await person.get('/api/properties')).json()) as { name: string }[]).map((p) => p.name)
  expect((await (await person.get('/api/auth/user')).json()).tenant.id).toBe(orgB.id)
  expect(await names()).toEqual(['Beta Court'])
  const switched = await person.postForm('/switch-organisation', { organisationId: orgA.id, redirectTo: '/properties/x' })
  expect(switched.headers.get('location')).toBe('/properties')
  expect(await (await person.get('/api/auth/user')).json()).toMatchObject({ role: 'admin', tenant: { id: orgA.id } })
  expect(await names()).toEqual(['Alpha Tower'])
  const stranger = await app.signedIn('sw-stranger@x.test')
  await person.postForm('/switch-organisation', { organisationId: (await organisationOf('sw-stranger@x.test')).id })
  expect((await (await person.get('/api/auth/user')).json()).tenant.id).toBe(orgA.id)
  expect((await stranger.get('/api/auth/user')).status).toBe(200)
  // The sidebar names the one they act for and offers the other as one button (issue 34), and the
  // next page confirms a switch by name.
  const page = await (await person.get('/')).text()
  expect(page).toContain(`name="organisationId" value="${orgB.id}"`)
  expect(page).not.toContain(`name="organisationId" value="${orgA.id}"`)
  const back = await person.postForm('/switch-organisation', { organisationId: orgB.id, redirectTo: '/' })
  const { res: landed } = await person.follow(back)
  expect((await landed.text()).replaceAll('&#x27;', "'")).toContain(`Switched to ${orgB.name}`)
})

test('anyone may leave but the last owner; ownership goes to an admin only, and the old owner becomes an admin', async () => {
  const owner = await app.signedIn('own-owner@x.test')
  const me = await db.user.findUniqueOrThrow({ where: { email: 'own-owner@x.test' } })
  const admin = await givenTeammate('own-owner@x.test', 'own-admin@x.test', 'admin')
  const plain = await givenTeammate('own-owner@x.test', 'own-member@x.test', 'member')
  const lastOwnerLeaves = await owner.delete(`/api/members/${me.id}`)
  expect(lastOwnerLeaves.status).toBe(409)
  expect((await lastOwnerLeaves.json()).error).toMatch(/last owner/)

  const toMember = await owner.post('/api/members/transfer-ownership', { userId: plain.id })
  expect(toMember.status).toBe(409)
  const adminClient = await app.signedIn('own-admin@x.test')
  expect((await adminClient.post('/api/members/transfer-ownership', { userId: admin.id })).status).toBe(403)
  expect((await owner.post('/api/members/transfer-ownership', {})).status).toBe(400)
  const transferred = await owner.post('/api/members/transfer-ownership', { userId: admin.id })
  expect(transferred.status).toBe(200)
  expect(await transferred.json()).toEqual({
    owner: { userId: admin.id, email: 'own-admin@x.test', role: 'owner' },
    previousOwner: { userId: me.id, email: 'own-owner@x.test', role: 'admin' },
  })
  const roles = Object.fromEntries(((await (await owner.get('/api/members')).json()).members as { email: string; role: string }[]).map((m) => [m.email, m.role]))
  expect(roles).toEqual({ 'own-owner@x.test': 'admin', 'own-admin@x.test': 'owner', 'own-member@x.test': 'member' })

  const member = await app.signedIn('own-member@x.test')
  expect((await member.delete(`/api/members/${me.id}`)).status).toBe(403)
  const left = await member.delete(`/api/members/${plain.id}`)
  expect(left.status).toBe(200)
  expect((await member.get('/api/auth/user')).status).toBe(401)
  const audit = (await (await adminClient.get('/api/audit-log?action=member')).json()) as { action: string; actor: { name: string } }[]
  expect(audit.map((e) => [e.action, e.actor.name])).toEqual(expect.arrayContaining([['member.ownership_transferred', 'Own Owner'], ['member.left', 'Own Member']]))
})
