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
