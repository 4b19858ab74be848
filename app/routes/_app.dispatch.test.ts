// The Dispatch page's form posts, as a manager without JavaScript would send them.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenPendingRequest, givenRunner, givenAssignment } from '../../tests/fixtures/dispatch'
import { organisationOf } from '../../tests/fixtures/people'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer()

describe('the Dispatch page', () => {
  test('adding a runner shows the token and portal link once, and the errors of bad input', async () => {
    const client = await app.signedIn('dispatch-page-add@x.test')
    const bad = await client.postForm('/dispatch', {
      intent: 'add-runner',
      name: '',
      phone: '',
    })
    expect(bad.status).toBe(400)
    const badHtml = await bad.text()
    expect(badHtml).toContain('Name is required')
    expect(badHtml).toContain('Phone number is required')

    const res = await client.postForm('/dispatch', {
      intent: 'add-runner',
      name: 'Pat Porter',
      phone: '+15550199',
      email: '',
    })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('Runner Added')
    const link = html.match(/\/runner\/[\w-]+\/[\w%-]+/)?.[0]
    expect(link).toBeTruthy()
    expect((await app.client().get(link!)).status).toBe(200)
    expect(await (await client.get('/dispatch')).text()).not.toContain(link!)
  })

  test('assigning from the queue and generating a link', async () => {
    const client = await app.signedIn('dispatch-page-assign@x.test')
    const orgId = (await organisationOf('dispatch-page-assign@x.test')).id
    const { request } = await givenPendingRequest(orgId)
    const { runner } = await givenRunner(orgId, { name: 'Quinn Quick' })
    const page = await (await client.get(`/dispatch?assign=${request.id}`)).text()
    expect(page).toContain('Pending Orders')
    expect(page).toContain('Assign Runner')

    const missing = await client.postForm('/dispatch', {
      intent: 'assign',
      requestId: request.id,
      runnerId: '',
    })
    expect(missing.status).toBe(302)
    expect(await (await client.get(missing.headers.get('location')!)).text()).toContain('Runner is required')

    const assigned = await client.postForm('/dispatch', {
      intent: 'assign',
      requestId: request.id,
      runnerId: runner.id,
      notes: 'Side gate',
    })
    expect(assigned.headers.get('location')).toBe('/dispatch')
    const assignment = await db.runnerAssignment.findFirstOrThrow({
      where: { requestId: request.id },
    })
    const after = await (await client.get('/dispatch')).text()
    expect(after).toContain('Assignment Created')
    expect(after).toContain(`#${assignment.id.slice(-8)}`)

    const linked = await client.postForm('/dispatch', {
      intent: 'link',
      assignmentId: assignment.id,
    })
    const linkHtml = await linked.text()
    const url = linkHtml.match(/https?:\/\/[^"]+\/delivery\/[\w-]+\/[\w%-]+/)?.[0]
    expect(url).toBeTruthy()
    expect((await app.client().get(new URL(url!).pathname)).status).toBe(200)
  })

  test("another organisation's assignment cannot be linked from here", async () => {
    const client = await app.signedIn('dispatch-page-a@x.test')
    await app.signedIn('dispatch-page-b@x.test')
    const other = (await organisationOf('dispatch-page-b@x.test')).id
    const { assignment } = await givenAssignment(other)
    const res = await client.postForm('/dispatch', {
      intent: 'link',
      assignmentId: assignment.id,
    })
    expect(res.status).toBe(302)
    expect(await (await client.get('/dispatch')).text()).toContain('Generation Failed')
  })
})
