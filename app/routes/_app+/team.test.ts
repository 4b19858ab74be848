// The Team page's forms (what a browser without JavaScript sends): the same rules as /api/members.
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenTeammate } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

const roleOf = async (email: string) => (await db.membership.findFirstOrThrow({ where: { user: { email } } })).role

test('the owner changes a role, removes a member and hands ownership to an admin after the confirmation dialog', async () => {
  const owner = await app.signedIn('page-owner@x.test')
  const admin = await givenTeammate('page-owner@x.test', 'page-admin@x.test', 'member')
  const plain = await givenTeammate('page-owner@x.test', 'page-member@x.test', 'member')

  const promoted = await owner.postForm('/team', { intent: 'role', userId: admin.id, role: 'admin' })
  expect(promoted.headers.get('location')).toBe('/team')
  expect(await roleOf('page-admin@x.test')).toBe('admin')

  const dialog = await (await owner.get(`/team?transfer=${admin.id}`)).text()
  expect(dialog).toContain('role="dialog"')
  expect(dialog).toContain('you become an admin')
  expect((await owner.postForm('/team', { intent: 'transfer', userId: admin.id })).headers.get('location')).toBe('/team')
  expect(await roleOf('page-admin@x.test')).toBe('owner')
  expect(await roleOf('page-owner@x.test')).toBe('admin')

  // Now an admin: may remove a member, may not touch the owner or transfer again.
  await owner.postForm('/team', { intent: 'remove', userId: plain.id })
  expect(await db.membership.count({ where: { userId: plain.id } })).toBe(0)
  const refused = await owner.postForm('/team', { intent: 'remove', userId: admin.id })
  expect(refused.headers.get('location')).toBe('/team')
  expect(await roleOf('page-admin@x.test')).toBe('owner')
  const page = await (await owner.get('/team')).text()
  expect(page).not.toContain('Make owner')
})

test('a member sees the team but no controls, and their forms change nothing', async () => {
  await app.signedIn('page2-owner@x.test')
  await givenTeammate('page2-owner@x.test', 'page2-member@x.test', 'member')
  const other = await givenTeammate('page2-owner@x.test', 'page2-other@x.test', 'member')
  const member = await app.signedIn('page2-member@x.test')
  const page = await (await member.get('/team')).text()
  expect(page).toContain('page2-owner@x.test')
  expect(page).not.toContain('Invite someone')
  expect(page).not.toContain('Pending invitations')
  expect(page).not.toContain('>Remove<')
  const forms: Record<string, string>[] = [
    { intent: 'role', userId: other.id, role: 'admin' },
    { intent: 'remove', userId: other.id },
    { intent: 'invite', email: 'sneaky@x.test', role: 'admin' },
  ]
  for (const form of forms) {
    const res = await member.postForm('/team', form)
    expect(res.status).toBe(403)
  }
  expect(await roleOf('page2-other@x.test')).toBe('member')
  expect(await db.invitation.count({ where: { email: 'sneaky@x.test' } })).toBe(0)
  // Leaving is theirs to do.
  expect((await member.postForm('/team', { intent: 'leave' })).headers.get('location')).toBe('/')
  expect((await member.get('/api/auth/user')).status).toBe(401)
})
