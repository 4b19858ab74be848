import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenTeammate } from '../../tests/fixtures/people'
import { withTestServer } from '../../tests/support/server'

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
