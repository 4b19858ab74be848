// The direct JSON lane (decision 064): a route's JSON posts answered by Express with the same
// contract Remix would give, and the vendor's submission answered the same either way.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import url from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { Invalid, NotFound, Unauthorized } from '~/lib/errors'
import { givenStorefront } from '../../tests/fixtures/vendor'
import { givenPendingRequest, givenRunner } from '../../tests/fixtures/dispatch'
import { organisationOf } from '../../tests/fixtures/people'
import { withTestServer } from '../../tests/support/server'
import { directJson } from '~/lib/http.server'
import { directJsonLane } from './direct-json'

type Input = { body: unknown; origin: string }

describe('the lane on its own', () => {
  const seen: Input[] = []
  let answer: (input: Input) => Promise<unknown> = async () => undefined
  let base = ''
  let close = () => {}

  beforeAll(async () => {
    const app = express()
    // What the route guard leaves for the lane: the matched route's module.
    app.use('/api/with', (_req, res, next) => {
      // As a route does: it reads the body first (a route that signs the caller in reads who it is first).
      res.locals.route = {
        module: {
          directJsonAction: directJson(async (input) => {
            const read = { body: input.body, origin: input.origin }
            seen.push(read)
            return answer(read)
          }),
        },
      }
      next()
    })
    app.use('/api/signed-in', (_req, res, next) => {
      res.locals.route = {
        module: {
          directJsonAction: directJson(async (input) => {
            const caller = input.request()
            if (caller.headers.get('Cookie') !== 'session=mine') throw new Unauthorized()
            return { method: caller.method, url: caller.url, body: input.body }
          }),
        },
      }
      next()
    })
    app.use(directJsonLane())
    app.use((req, res) => res.status(299).send(`Remix would answer ${req.method} ${req.path}`))
    const server = app.listen(0)
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => close())

  const post = (body: string | ReadableStream) =>
    fetch(`${base}/api/with/it`, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, duplex: 'half' } as RequestInit)

  test('the JSON sent reaches the action with the origin it came to, and its result comes back as 201 JSON', async () => {
    seen.length = 0
    answer = async ({ body }) => ({ echoed: body })
    const res = await post(JSON.stringify({ vendorName: 'Maria' }))
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await res.json()).toEqual({ echoed: { vendorName: 'Maria' } })
    expect(seen).toEqual([{ body: { vendorName: 'Maria' }, origin: base }])

    // Behind another name (fetch may not set Host, so node:http does): the links point there.
    const status = await new Promise((resolve, reject) => {
      const req = http.request(`${base}/api/with/it`, { method: 'POST', headers: { Host: 'vendors.example:8443', 'Content-Type': 'application/json' } }, (answer) => {
        answer.resume()
        resolve(answer.statusCode)
      })
      req.on('error', reject)
      req.end('{}')
    })
    expect(status).toBe(201)
    expect(seen[1]!.origin).toBe('http://vendors.example:8443')
  })

  test('an empty body is an empty object, and an action with nothing to say answers 204', async () => {
    seen.length = 0
    answer = async () => undefined
    const res = await post('')
    expect(res.status).toBe(204)
    expect(seen[0]!.body).toEqual({})
  })

  test('refusals keep the /api contract: 400 with field messages, 404, and a 500 that tells nothing of the cause', async () => {
    answer = async () => {
      throw new Invalid('Vendor name is required', { vendorName: ['Vendor name is required'] })
    }
    let res = await post('{}')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Vendor name is required', fieldErrors: { vendorName: ['Vendor name is required'] } })

    answer = async () => {
      throw new NotFound('Property not found')
    }
    res = await post('{}')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Property not found' })

    answer = async () => {
      throw new Error('disk on fire at /var/data')
    }
    const quiet = console.error
    console.error = () => {}
    try {
      res = await post('{}')
    } finally {
      console.error = quiet
    }
    expect(res.status).toBe(500)
    expect(await res.text()).not.toContain('disk on fire')
  })

  test('a body that is not JSON is a 400 and the action never runs', async () => {
    seen.length = 0
    const res = await post('{not json')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Request body must be valid JSON.', fieldErrors: {} })
    expect(seen).toEqual([])
  })

  test('a route that signs the caller in reads the headers first: no session is a 401 whatever the body, a session gets its body read', async () => {
    const send = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/api/signed-in/assign?x=1`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } })
    expect((await send('{not json')).status).toBe(401)
    expect((await send('{"requestId":"r1"}')).status).toBe(401)
    const bad = await send('{not json', { Cookie: 'session=mine' })
    expect(bad.status).toBe(400)
    const res = await send('{"requestId":"r1"}', { Cookie: 'session=mine' })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ method: 'POST', url: `${base}/api/signed-in/assign?x=1`, body: { requestId: 'r1' } })
  })

  test('more than a megabyte, even sent without a length, is refused with 413 and the action never runs', async () => {
    seen.length = 0
    const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024)}",`)
    let sent = 0
    const stream = new ReadableStream({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const res = await post(stream)
    expect(res.status).toBe(413)
    expect((await res.json()).error).toMatch(/too large/)
    expect(seen).toEqual([])
  })

  test('other methods, and routes without a direct action, go on to Remix', async () => {
    expect(await (await fetch(`${base}/api/with/it`)).text()).toBe('Remix would answer GET /api/with/it')
    const other = await fetch(`${base}/elsewhere`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } })
    expect(other.status).toBe(299)
  })
})

describe('a vendor’s submission, through the lane and through Remix', () => {
  const app = withTestServer()
  let remixAction: (request: Request) => Promise<Response>

  beforeAll(async () => {
    const build = (await import(url.pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild
    const action = build.routes['routes/api+/vendor.requests']!.module.action!
    remixAction = async (request) => (await action({ request, params: {}, context: {} })) as Response
  })

  const both = async (body: string) => {
    const init = { method: 'POST', body, headers: { 'Content-Type': 'application/json' } }
    const lane = await app.client().fetch('/api/vendor/requests', init)
    const remix = await remixAction(new Request(`${app.url}/api/vendor/requests`, init))
    return { lane: { status: lane.status, body: await lane.json() }, remix: { status: remix.status, body: await remix.json() } }
  }

  test('the same refusals, word for word, and nothing stored', async () => {
    const { property, products, organisation } = await givenStorefront()
    const good = { propertyId: property.id, vendorName: 'Maria', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] }
    for (const body of ['{not json', '', JSON.stringify({ ...good, vendorName: '' }), JSON.stringify({ ...good, website: 'spam.example' }), JSON.stringify({ ...good, propertyId: 'nope' })]) {
      const { lane, remix } = await both(body)
      expect(lane.status, body).toBeGreaterThanOrEqual(400)
      expect(lane, body).toEqual(remix)
    }
    expect(await db.productRequest.count({ where: { organisationId: organisation.id } })).toBe(0)
  })

  test('the same answer to a good request: 201, the next order number, a tracking link to this server', async () => {
    const { property, products, organisation } = await givenStorefront()
    const { lane, remix } = await both(JSON.stringify({ propertyId: property.id, vendorName: 'Maria', requestedProducts: [{ productId: products[0]!.id, quantity: 2 }] }))
    expect([lane.status, remix.status]).toEqual([201, 201])
    expect([lane.body.orderNumber, remix.body.orderNumber]).toEqual(['ORD-000001', 'ORD-000002'])
    expect(Object.keys(lane.body).sort()).toEqual(Object.keys(remix.body).sort())
    expect(lane.body.trackingUrl.startsWith(`${app.url}/track/`)).toBe(true)
    expect(await db.productRequest.count({ where: { organisationId: organisation.id } })).toBe(2)
  })
})

describe('a dispatcher’s assignment, through the lane and through Remix', () => {
  const app = withTestServer()
  let remixAction: (request: Request) => Promise<Response>

  beforeAll(async () => {
    const build = (await import(url.pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild
    const action = build.routes['routes/api+/dispatch.assign']!.module.action!
    remixAction = async (request) => (await action({ request, params: {}, context: {} })) as Response
  })

  const both = async (body: string, cookie: string) => {
    const headers = { 'Content-Type': 'application/json', Origin: app.url, ...(cookie ? { Cookie: cookie } : {}) }
    const lane = await fetch(`${app.url}/api/dispatch/assign`, { method: 'POST', body, headers })
    const remix = await remixAction(new Request(`${app.url}/api/dispatch/assign`, { method: 'POST', body, headers }))
    return { lane: { status: lane.status, body: await lane.json() }, remix: { status: remix.status, body: await remix.json() } }
  }

  test('the same refusals (no session first, then bad input), the same assignment answer, and one assignment each', async () => {
    const email = 'lane-dispatcher@stockrun.test'
    const client = await app.signedIn(email)
    const org = await organisationOf(email)
    const { runner } = await givenRunner(org.id)
    const [first, second] = [(await givenPendingRequest(org.id)).request, (await givenPendingRequest(org.id)).request]
    for (const [body, cookie, status] of [
      ['{not json', '', 401],
      [JSON.stringify({ requestId: first.id, runnerId: runner.id }), '', 401],
      ['{not json', client.cookieHeader(), 400],
      [JSON.stringify({ requestId: first.id }), client.cookieHeader(), 400],
      [JSON.stringify({ requestId: crypto.randomUUID(), runnerId: runner.id }), client.cookieHeader(), 404],
    ] as const) {
      const { lane, remix } = await both(body, cookie)
      expect(lane.status, body).toBe(status)
      expect(lane, body).toEqual(remix)
    }
    expect(await db.runnerAssignment.count({ where: { organisationId: org.id } })).toBe(0)

    const headers = { 'Content-Type': 'application/json', Origin: app.url, Cookie: client.cookieHeader() }
    const lane = await fetch(`${app.url}/api/dispatch/assign`, { method: 'POST', headers, body: JSON.stringify({ requestId: first.id, runnerId: runner.id }) })
    const remix = await remixAction(new Request(`${app.url}/api/dispatch/assign`, { method: 'POST', headers, body: JSON.stringify({ requestId: second.id, runnerId: runner.id }) }))
    expect([lane.status, remix.status]).toEqual([201, 201])
    const [a, b] = [await lane.json(), await remix.json()]
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort())
    expect([a.request.id, b.request.id]).toEqual([first.id, second.id])
    expect(a.shareableUrl.startsWith(`${app.url}/delivery/`)).toBe(true)
    expect(await db.runnerAssignment.count({ where: { organisationId: org.id } })).toBe(2)
  })
})
