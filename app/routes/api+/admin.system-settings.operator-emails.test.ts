// OPERATOR_EMAILS names who runs the deployment; then the first organisation is no longer the operator (decision 072).
import { expect, test } from 'vitest'
import { isRegistrationEnabled } from '~/areas/organisation/settings.server'
import { givenTeammate } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

// Read when this file's server starts (the environment is read once per process).
process.env.OPERATOR_EMAILS = ' Ops@Example.test , someone-else@x.test'
const app = withTestServer()

test('only the people OPERATOR_EMAILS lists change the registration switch, as owners or admins', async () => {
  const first = await app.signedIn('first-org@x.test')
  expect((await first.put('/api/admin/system-settings', { registration_enabled: false })).status).toBe(403)
  expect(await (await first.get('/settings')).text()).not.toContain('System Administration')

  const ops = await app.signedIn('ops@example.test')
  expect(await (await ops.get('/settings')).text()).toContain('Allow New Organization Registration')
  expect((await ops.put('/api/admin/system-settings', { registration_enabled: false })).status).toBe(200)
  expect(await isRegistrationEnabled()).toBe(false)
  expect((await ops.put('/api/admin/system-settings', { registration_enabled: true })).status).toBe(200)

  // Listed, but only a member where they work: the role still counts.
  await givenTeammate('first-org@x.test', 'someone-else@x.test', 'member')
  const listedMember = await app.signedIn('someone-else@x.test')
  expect((await listedMember.put('/api/admin/system-settings', { registration_enabled: false })).status).toBe(403)
  expect(await isRegistrationEnabled()).toBe(true)
})
