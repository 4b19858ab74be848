import { expect, test } from 'vitest'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

test('/vendors shows the dashboard view with its data (spec §2.1)', async () => {
  const manager = await app.signedIn('vendors-view@x.test')
  const res = await manager.get('/vendors')
  expect(res.status).toBe(200)
  const html = await res.text()
  expect(html).toContain('Request Management')
  expect(html).toContain('Pending Requests')
  expect(html).toContain('Create your first property to start receiving requests')
})
