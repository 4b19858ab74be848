// Texts people read name statuses as the spec does, never by their raw values.
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenRequest } from '../../tests/fixtures/catalog'
import { organisationOf } from '../../tests/fixtures/people'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer()

test('changing a request to in_progress says "Assigned" in the toast', async () => {
  const client = await app.signedIn('req-labels@x.test')
  const { id: orgId } = await organisationOf('req-labels@x.test')
  const request = await givenRequest(orgId)
  const res = await client.postForm('/requests', { intent: 'status', id: request.id, status: 'in_progress' })
  const { res: page } = await client.follow(res)
  const html = await page.text()
  expect(html).toContain('Request status changed to Assigned')
  expect(html).not.toContain('changed to in_progress')
  expect((await db.productRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('in_progress')
})

test('"Urgent only" lists the urgent requests, each with its badge, and a plain link turns it off', async () => {
  const client = await app.signedIn('req-urgent@x.test')
  const { id: orgId } = await organisationOf('req-urgent@x.test')
  const calm = await givenRequest(orgId)
  const urgent = await givenRequest(orgId)
  await db.productRequest.update({ where: { id: urgent.id }, data: { urgent: true } })
  const all = await (await client.get('/requests')).text()
  expect(all).toContain(calm.orderNumber)
  const only = await (await client.get('/requests?urgent=1')).text()
  expect(only).toContain(urgent.orderNumber)
  expect(only).not.toContain(calm.orderNumber)
  expect(only).toMatch(/>Urgent<\/span>/)
  // The export takes the list as shown: only the urgent one.
  const csvHref = /href="(\/api\/requests\?format=csv[^"]*)"[^>]*data-testid="export-csv"/.exec(only)?.[1]?.replaceAll('&amp;', '&')
  expect(csvHref).toContain('urgent=true')
  const csv = await (await client.get(csvHref!)).text()
  expect(csv).toContain(urgent.orderNumber)
  expect(csv).not.toContain(calm.orderNumber)
})
