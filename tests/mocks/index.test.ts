// The mocks stand for outside services only: the server under MOCKS=true (the bench's, the browser
// tests') must build its pages and answers with the same Headers, Request and Response as production.
import { expect, test } from 'vitest'
import { GEOCODE_URL } from '../../app/lib/geocode.server'
import { mockCoordinates } from './geocode'
import { startMocks, stopMocks } from './index'

test('mocking outside services leaves the fetch classes every answer is built with as they are', () => {
  stopMocks()
  const unmocked = { Headers: globalThis.Headers, Request: globalThis.Request, Response: globalThis.Response }
  startMocks()
  for (const name of ['Headers', 'Request', 'Response'] as const) expect(globalThis[name]).toBe(unmocked[name])
})

test('an outside service called with fetch still gets its mock', async () => {
  startMocks()
  const res = await fetch(`${GEOCODE_URL}?address=${encodeURIComponent('12 Harbor Rd, Boston')}&key=test`)
  const body = (await res.json()) as { status: string; results: { geometry: { location: unknown } }[] }
  expect(body.status).toBe('OK')
  expect(body.results[0]!.geometry.location).toEqual(mockCoordinates('12 Harbor Rd, Boston'))
})
