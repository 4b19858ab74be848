// Overdue alerts (issue 30): a request pending past the organisation's limit is flagged where
// managers look, and alerted once (one notification, one request.overdue event) by the primary's job.
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenPendingRequest } from '../../../tests/fixtures/dispatch'
import { organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'
import { alertOverdueRequests } from './overdue-requests.server'

const app = withTestServer()

test('a request pending past the limit is flagged on dispatch, the dashboard and the requests list, and alerted once', async () => {
  const client = await app.signedIn('late-alerts@x.test')
  const { id: orgId } = await organisationOf('late-alerts@x.test')
  const now = new Date()
  const late = await givenPendingRequest(orgId, { createdAt: new Date(now.getTime() - 45 * 60_000) })
  const fresh = await givenPendingRequest(orgId, { createdAt: new Date(now.getTime() - 5 * 60_000) })
  await db.webhookEndpoint.create({ data: { organisationId: orgId, url: 'http://127.0.0.1:9/hook', events: 'request.overdue', secret: 'whsec_test' } })

  // Off by default: nothing is flagged and nothing alerted.
  expect(await (await client.get('/dispatch')).text()).not.toContain('>Overdue<')
  await alertOverdueRequests(now)
  expect(await db.overdueAlert.count({ where: { organisationId: orgId } })).toBe(0)

  expect((await client.put('/api/organisation/settings', { overdueAfterMinutes: 30 })).status).toBe(200)
  for (const page of ['/dispatch', '/', '/requests']) {
    const html = await (await client.get(page)).text()
    expect(html, page).toContain('>Overdue<')
  }

  await alertOverdueRequests(now)
  await alertOverdueRequests(new Date(now.getTime() + 60_000))
  const notes = await db.notification.findMany({ where: { organisationId: orgId, message: { contains: 'overdue' } } })
  expect(notes.map((n) => n.requestId)).toEqual([late.request.id])
  expect(notes[0]!.message).toContain(late.request.orderNumber)
  const events = await db.webhookDelivery.findMany({ where: { organisationId: orgId, type: 'request.overdue' } })
  expect(events).toHaveLength(1)
  expect(JSON.parse(events[0]!.payload).data.request).toMatchObject({ id: late.request.id, orderNumber: late.request.orderNumber })
  expect(await db.overdueAlert.findUnique({ where: { requestId: fresh.request.id } })).toBeNull()
})
