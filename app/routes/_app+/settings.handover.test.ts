// Settings → Deliveries (issue 16): the "require a handover code" switch as a plain form post.
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

test('an owner switches the handover code on from the settings form; a member cannot', async () => {
  const owner = await app.signedIn('settings-handover@x.test')
  const org = await organisationOf('settings-handover@x.test')
  const page = await (await owner.get('/settings')).text()
  expect(page).toContain('Require a handover code')

  const saved = await owner.postForm('/settings', { intent: 'organisation', requireHandoverCode: 'true' })
  expect(saved.status).toBe(302)
  expect(await db.organisationSettings.findUnique({ where: { organisationId: org.id } })).toMatchObject({ requireHandoverCode: true })

  await givenTeammate('settings-handover@x.test', 'settings-handover-member@x.test', 'member')
  const member = await app.signedIn('settings-handover-member@x.test')
  const refused = await member.postForm('/settings', { intent: 'organisation', requireHandoverCode: 'false' })
  expect(refused.status).toBe(403)
  expect(await db.organisationSettings.findUnique({ where: { organisationId: org.id } })).toMatchObject({ requireHandoverCode: true })
})
