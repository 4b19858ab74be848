import { describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { Conflict, NotFound } from './errors'
import { apiAction, errorResponse, readJson } from './http.server'

const Body = z.object({ vendorName: z.string({ error: 'Vendor name is required' }).min(1, 'Vendor name is required') })

describe('the /api error contract', () => {
  test('a zod failure becomes 400 with the first message and per-field messages', async () => {
    const res = errorResponse(Body.safeParse({}).error)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Vendor name is required', fieldErrors: { vendorName: ['Vendor name is required'] } })
  })

  test('malformed JSON is 400, not 500', async () => {
    const request = new Request('http://x/api', { method: 'POST', body: '{"vendorName":' })
    const res = errorResponse(await readJson(request, Body).catch((e) => e))
    expect(res.status).toBe(400)
  })

  test('a conflict keeps its details next to the message', async () => {
    const res = errorResponse(new Conflict('Property has connected data that prevents deletion.', { blocking: { requests: 2 }, suggestions: ['Deactivate it'] }))
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ message: 'Property has connected data that prevents deletion.', blocking: { requests: 2 }, suggestions: ['Deactivate it'] })
  })

  test('a POST that returns an object answers 201; a thrown NotFound answers 404', async () => {
    const create = apiAction(async () => ({ id: '1' }))
    const args = { request: new Request('http://x', { method: 'POST' }), params: {}, context: {} }
    expect((await create(args)).status).toBe(201)
    const missing = apiAction(async () => {
      throw new NotFound()
    })
    expect((await missing(args)).status).toBe(404)
  })

  test('an unexpected failure is a 500 that does not leak its message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = errorResponse(new Error('SQLITE_CORRUPT at /var/data'))
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
    expect(res.status).toBe(500)
    expect(JSON.stringify(await res.json())).not.toContain('SQLITE')
  })
})
