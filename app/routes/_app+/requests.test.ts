// Texts people read name statuses as the spec does, never by their raw values.
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenRequest } from '../../../tests/fixtures/catalog'
import { givenRequestWith } from '../../../tests/fixtures/requests'
import { organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

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

test('a status changed on a searched, filtered page returns to that page, with and without JavaScript, though no row carries its address', async () => {
  const client = await app.signedIn('req-back@x.test')
  const { id: orgId } = await organisationOf('req-back@x.test')
  const [first, second] = [await givenRequest(orgId), await givenRequest(orgId)]
  const page = '/requests?status=pending&q=ORD&sort=oldest'
  const html = await (await client.get(page)).text()
  expect(html).toContain(`aria-label="Status of ${first.orderNumber}"`)
  expect(html).not.toContain('name="back"')
  const plain = await client.postForm(page, { intent: 'status', id: first.id, status: 'completed' })
  expect(plain.headers.get('location')).toBe(page)
  const scripted = await client.postForm(`${page}&_data=routes%2F_app%2B%2Frequests`, { intent: 'status', id: second.id, status: 'completed' })
  expect(scripted.headers.get('x-remix-redirect')).toBe(page)
  expect((await db.productRequest.findUniqueOrThrow({ where: { id: second.id } })).status).toBe('completed')
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

test('a search pages through every match with its full count on each page, as the API lists them', async () => {
  const client = await app.signedIn('req-search-pages@x.test')
  const { id: orgId } = await organisationOf('req-search-pages@x.test')
  const start = Date.UTC(2026, 9, 1)
  const made = []
  for (let i = 0; i < 53; i++) made.push(await givenRequestWith(orgId, { products: [{ name: i % 2 ? 'Hand Soap' : 'Hand Soap Refill' }], createdAt: new Date(start + i * 60_000) }))
  for (let i = 0; i < 2; i++) await givenRequestWith(orgId, { products: [{ name: 'Hand Soap' }], status: 'archived', createdAt: new Date(start + i * 60_000) })
  for (let i = 0; i < 3; i++) await givenRequestWith(orgId, { products: [{ name: 'Mop Heads' }], createdAt: new Date(start + i * 60_000) })
  type Page = { count: number; nextCursor: string | null; requests: Array<{ id: string; requestedProducts: Array<{ name: string }> }> }
  const data = async (search: string) => (await (await client.get(`/requests?${search}&_data=routes%2F_app%2B%2Frequests`)).json()) as Page

  const first = await data('status=all&q=hand+soap')
  expect(first.count).toBe(53)
  expect(first.requests).toHaveLength(50)
  const api = (await (await client.get('/api/requests?status=all&q=hand+soap&limit=50')).json()) as Array<{ id: string }>
  expect(first.requests.map((r) => r.id)).toEqual(api.map((r) => r.id))
  expect(first.requests[0]!.id).toBe(made[52]!.id)
  expect(first.nextCursor).toBeTruthy()

  const second = await data(`status=all&q=hand+soap&cursor=${first.nextCursor}`)
  expect(second.count).toBe(53)
  expect(second.requests.map((r) => r.id)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id])
  expect(second.nextCursor).toBeNull()

  expect((await data('status=archived&q=HAND soap')).count).toBe(2)
  expect(await data('status=all&q=bucket')).toMatchObject({ count: 0, requests: [], nextCursor: null })
  expect((await (await client.get('/requests?status=all&q=hand+soap')).text()).replace(/<!-- -->/g, '')).toContain('53 requests')
  // A cursor that is not one starts the search again from its newest matches.
  const { path } = await client.follow(await client.get('/requests?status=all&q=hand+soap&cursor=not-a-cursor'))
  expect(path).toBe('/requests?status=all&q=hand+soap')
})
