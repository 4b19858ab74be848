// Issue 34: urgent work in sight. The request lists (GET /api/requests, the Requests page, the
// dashboard) put urgent requests first, then the soonest needed (none last), then the newest, unless
// another order is asked for; the bell and the dashboard count the urgent requests that wait.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenRunnerAssignment } from '../../../tests/fixtures/catalog'
import { givenRequestWith } from '../../../tests/fixtures/requests'
import { withTestServer } from '../../../tests/support/server'
import type { RequestStatus } from '~/areas/requests/request.server'

const app = withTestServer()

async function managerWithOrg(email: string) {
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  return { client, orgId: org.id }
}

const HOUR = 3_600_000

/** A request that came in `hoursAgo`, urgent or not, needed by a time or not. */
async function given(orgId: string, vendorName: string, fields: { hoursAgo: number; urgent?: boolean; neededInHours?: number; status?: RequestStatus }) {
  const request = await givenRequestWith(orgId, { vendorName, status: fields.status, createdAt: new Date(Date.now() - fields.hoursAgo * HOUR) })
  const neededBy = fields.neededInHours === undefined ? null : new Date(Date.now() + fields.neededInHours * HOUR)
  return db.productRequest.update({ where: { id: request.id }, data: { urgent: fields.urgent ?? false, neededBy } })
}

/** Six requests over three statuses; the expected urgent-first order is their names' order. */
async function givenMixedList(orgId: string) {
  await given(orgId, 'Plain old', { hoursAgo: 9, status: 'completed' })
  await given(orgId, 'Urgent no date', { hoursAgo: 1, urgent: true, status: 'in_progress' })
  await given(orgId, 'Plain new', { hoursAgo: 2 })
  await given(orgId, 'Urgent needed later', { hoursAgo: 8, urgent: true, neededInHours: 30 })
  await given(orgId, 'Plain needed soon', { hoursAgo: 7, neededInHours: 3, status: 'in_progress' })
  await given(orgId, 'Urgent needed soon', { hoursAgo: 6, urgent: true, neededInHours: 5, status: 'completed' })
  return ['Urgent needed soon', 'Urgent needed later', 'Urgent no date', 'Plain needed soon', 'Plain new', 'Plain old']
}

type Listed = { vendorName: string; urgent: boolean; neededBy: string | null }

async function names(client: Awaited<ReturnType<typeof app.signedIn>>, query = '') {
  const res = await client.get(`/api/requests${query}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as Listed[]).map((r) => r.vendorName)
}

describe('the order of the request lists', () => {
  test('urgent requests come first, then the soonest needed (none last), then the newest, across statuses', async () => {
    const { client, orgId } = await managerWithOrg('urgent-order@x.test')
    const expected = await givenMixedList(orgId)
    expect(await names(client)).toEqual(expected)
    expect(await names(client, '?status=all')).toEqual(expected)
    // One status: the same order among its own.
    expect(await names(client, '?status=in_progress')).toEqual(['Urgent no date', 'Plain needed soon'])
    // Searched through the full-text index, and with a term too short for it: the same order.
    expect(await names(client, '?q=needed')).toEqual(['Urgent needed soon', 'Urgent needed later', 'Plain needed soon'])
    expect(await names(client, '?q=pe')).toEqual(expected)
    expect(await names(client, '?urgent=true')).toEqual(expected.slice(0, 3))
  })

  test('another order when asked: newest or oldest first, and a bad one is refused', async () => {
    const { client, orgId } = await managerWithOrg('urgent-sorts@x.test')
    await givenMixedList(orgId)
    const byAge = ['Urgent no date', 'Plain new', 'Urgent needed soon', 'Plain needed soon', 'Urgent needed later', 'Plain old']
    expect(await names(client, '?sort=newest')).toEqual(byAge)
    expect(await names(client, '?sort=oldest')).toEqual([...byAge].reverse())
    expect(await names(client, '?sort=urgent&q=plain')).toEqual(['Plain needed soon', 'Plain new', 'Plain old'])
    const bad = await client.get('/api/requests?sort=cheapest')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ fieldErrors: { sort: [expect.stringContaining('urgent, newest, oldest')] } })
  })

  test.each(['', '&sort=newest', '&sort=oldest', '&q=pe'])('pages of two (%s) hold every request once, in the same order as one page', async (extra) => {
    const { client, orgId } = await managerWithOrg(`urgent-pages${extra.replace(/\W/g, '')}@x.test`)
    await givenMixedList(orgId)
    // Two more plain ones at the same moment: ties are broken by id, pages never repeat them.
    const tie = Date.now() - 20 * HOUR
    for (const vendorName of ['Tie one', 'Tie two']) {
      const r = await givenRequestWith(orgId, { vendorName, createdAt: new Date(tie) })
      expect(r.urgent).toBe(false)
    }
    const whole = await names(client, `?limit=100${extra}`)
    const paged: string[] = []
    let path = `/api/requests?limit=2${extra}`
    while (path) {
      const res = await client.get(path)
      expect(res.status).toBe(200)
      paged.push(...((await res.json()) as Listed[]).map((r) => r.vendorName))
      const next = res.headers.get('x-next-cursor')
      path = next ? `/api/requests?limit=2${extra}&cursor=${next}` : ''
    }
    expect(paged).toEqual(whole)
    expect(paged).toHaveLength(8)
  })

  test('the Requests page and the dashboard list urgent first; the page keeps another order when picked', async () => {
    const { client, orgId } = await managerWithOrg('urgent-pages-html@x.test')
    const expected = await givenMixedList(orgId)
    const loaded = async (path: string) => ((await (await client.get(path)).json()) as { requests: Listed[] }).requests.map((r) => r.vendorName)
    expect(await loaded('/requests?_data=routes/_app%2B/requests')).toEqual(expected)
    expect(await loaded('/?_data=routes/_app%2B/_index')).toEqual(expected)
    expect(await loaded('/requests?sort=oldest&_data=routes/_app%2B/requests')).toEqual(['Plain old', 'Urgent needed later', 'Plain needed soon', 'Urgent needed soon', 'Plain new', 'Urgent no date'])
    // An unknown order reads as the default rather than failing the page.
    expect(await loaded('/requests?sort=cheapest&_data=routes/_app%2B/requests')).toEqual(expected)
    const html = await (await client.get('/requests')).text()
    expect(html).toContain('Urgent first')
    expect(html.indexOf('Urgent needed soon')).toBeLessThan(html.indexOf('Plain old'))
    expect(html).toMatch(/Needed by <time dateTime="[^"]+">/)
  })
})

describe('how many urgent requests wait', () => {
  const waiting = async (client: Awaited<ReturnType<typeof app.signedIn>>) =>
    ((await (await client.get('/?_data=routes/_app%2B/_layout')).json()) as { urgentWaiting: number }).urgentWaiting

  test('counts urgent pending requests no open delivery covers, and moves at once with a change', async () => {
    const { client, orgId } = await managerWithOrg('urgent-waiting@x.test')
    expect(await waiting(client)).toBe(0)
    const first = await given(orgId, 'Urgent waiting', { hoursAgo: 1, urgent: true })
    const second = await given(orgId, 'Urgent with runner', { hoursAgo: 2, urgent: true })
    await given(orgId, 'Plain waiting', { hoursAgo: 3 })
    await given(orgId, 'Urgent assigned', { hoursAgo: 4, urgent: true, status: 'in_progress' })
    await given(orgId, 'Urgent done', { hoursAgo: 5, urgent: true, status: 'completed' })
    expect(await waiting(client)).toBe(2)

    const assignment = await givenRunnerAssignment(orgId, second.id)
    expect(await waiting(client)).toBe(1)
    // A cancelled delivery no longer covers it: it waits again.
    await db.runnerAssignment.update({ where: { id: assignment.id }, data: { status: 'cancelled' } })
    expect(await waiting(client)).toBe(2)
    await db.productRequest.update({ where: { id: first.id }, data: { status: 'archived' } })
    expect(await waiting(client)).toBe(1)

    // Another organisation's urgent requests are never counted.
    const other = await managerWithOrg('urgent-waiting-other@x.test')
    expect(await waiting(other.client)).toBe(0)

    // The dashboard says it in words, and the bell's name does too.
    const html = await (await client.get('/')).text()
    expect(html).toContain('1 urgent request waits for a runner')
    expect(html).toMatch(/aria-label="Notifications(, \d+ unread)?, 1 urgent request waits for a runner"/)
  })
})
