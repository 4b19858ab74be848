// Managers who turned SMS notifications on get a text when a new request arrives (issue 6 item 6).
import { afterAll, beforeAll, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenStorefront } from '../../tests/fixtures/vendor'
import { sentMessages } from '../../tests/mocks/sms'
import { withTestServer } from '../../tests/support/server'

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
