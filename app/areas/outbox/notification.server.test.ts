// Managers who turned SMS notifications on get a text when a new request arrives (issue 6 item 6).
import { afterAll, beforeAll, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { listNotifications } from './notification.server'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { sentMessages } from '../../../tests/mocks/sms'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()
const TWILIO = { TWILIO_ACCOUNT_SID: 'ACmock', TWILIO_AUTH_TOKEN: 'mock-auth', TWILIO_FROM: '+15005550006' }

beforeAll(() => Object.assign(process.env, TWILIO))
afterAll(() => {
  for (const key of Object.keys(TWILIO)) delete process.env[key]
})

async function joinOrganisation(orgId: string, email: string, settings: { smsNotifications: boolean; smsPhone: string | null }) {
  const user = await db.user.create({ data: { email } })
  await db.membership.create({ data: { userId: user.id, organisationId: orgId, role: 'member' } })
  await db.userSettings.create({ data: { userId: user.id, ...settings } })
}

test('a vendor request texts the managers who asked for SMS, and only them', async () => {
  const { organisation, property, products } = await givenStorefront({ name: 'Textable Towers' })
  await joinOrganisation(organisation.id, 'wants-texts@x.test', { smsNotifications: true, smsPhone: '+12125550100' })
  await joinOrganisation(organisation.id, 'no-texts@x.test', { smsNotifications: false, smsPhone: '+12125550101' })
  await joinOrganisation(organisation.id, 'no-number@x.test', { smsNotifications: true, smsPhone: null })
  const other = await givenStorefront({ name: 'Elsewhere' })
  await joinOrganisation(other.organisation.id, 'other-org@x.test', { smsNotifications: true, smsPhone: '+12125550102' })
  const before = sentMessages.length

  const res = await app.client().post('/api/vendor/requests', {
    propertyId: property.id,
    vendorName: 'Night Shift Supplies',
    requestedProducts: [{ productId: products[0]!.id, quantity: 1 }],
    status: 'pending',
  })
  expect(res.status).toBe(201)
  const { orderNumber } = await res.json()

  const texts = sentMessages.slice(before)
  expect(texts.map((t) => t.to)).toEqual(['+12125550100'])
  expect(texts[0]!.body).toContain(orderNumber)
  expect(texts[0]!.body).toContain('Night Shift Supplies')
  expect(texts[0]!.body).toContain('Textable Towers')
})

test('the read group holds what the person read up to their mark and what they marked on its own, newest first; never a teammate’s own', async () => {
  const { organisation } = await givenStorefront({ name: 'Read Groups' })
  const me = await db.user.create({ data: { email: 'read-groups@x.test' } })
  const mate = await db.user.create({ data: { email: 'read-groups-mate@x.test' } })
  for (const user of [me, mate]) await db.membership.create({ data: { userId: user.id, organisationId: organisation.id, role: 'member' } })
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000)
  const made = (message: string, minutesAgo: number, userId: string | null = null) =>
    db.notification.create({ data: { organisationId: organisation.id, type: 'other', message, createdAt: at(minutesAgo), userId } })
  const older = await made('before the mark', 50)
  await made('the mate’s own, before the mark', 45, mate.id)
  await db.notificationsReadUpTo.create({ data: { userId: me.id, organisationId: organisation.id, readUpTo: at(40) } })
  const markedAlone = await made('after the mark, marked on its own', 30)
  await db.notificationRead.create({ data: { userId: me.id, notificationId: markedAlone.id } })
  const unread = await made('after the mark, unread', 20)
  const mine = await made('my own, unread', 10, me.id)

  const read = await listNotifications(organisation.id, me.id, { isRead: true })
  expect(read.map((n) => n.id)).toEqual([markedAlone.id, older.id])
  expect(read.every((n) => n.isRead)).toBe(true)
  const waiting = await listNotifications(organisation.id, me.id, { isRead: false })
  expect(waiting.map((n) => n.id)).toEqual([mine.id, unread.id])
  expect((await listNotifications(organisation.id, me.id, { isRead: true, limit: 1 })).map((n) => n.id)).toEqual([markedAlone.id])
})
