// A runner's queued work sent twice with the same Idempotency-Key (issue 16): one status change, one
// proof, and the repeat answers what was recorded.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenAssignment } from '../../../tests/fixtures/dispatch'
import { organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

const send = (method: string, path: string, token: string, json: unknown, key?: string) =>
  app.client().fetch(path, { method, json, headers: { 'X-Runner-Token': token, ...(key ? { 'Idempotency-Key': key } : {}) } })

describe('Idempotency-Key on a runner’s submissions', () => {
  test('a proof sent twice with one key is recorded once and both answers show it', async () => {
    await app.signedIn('idem-proof@x.test')
    const org = await organisationOf('idem-proof@x.test')
    const { assignment, runnerToken } = await givenAssignment(org.id, 'in_transit')
    const body = { imageUrl: '/images/proof.jpg', notes: 'Queued while offline' }
    const path = `/api/dispatch/assign/${assignment.id}/proof`
    const first = await send('POST', path, runnerToken, body, 'proof-key-0001')
    const again = await send('POST', path, runnerToken, body, 'proof-key-0001')
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect((await again.json()).id).toBe((await first.json()).id)
    expect(await db.deliveryProof.count({ where: { assignmentId: assignment.id } })).toBe(1)
    // Without the key, a second proof is still the 409 it always was.
    expect((await send('POST', path, runnerToken, body)).status).toBe(409)
  })

  test('a status change sent twice is applied once; a refused one frees its key; a key cannot be reused elsewhere', async () => {
    await app.signedIn('idem-status@x.test')
    const org = await organisationOf('idem-status@x.test')
    const { assignment, runnerToken } = await givenAssignment(org.id, 'in_transit')
    const path = `/api/dispatch/assign/${assignment.id}`
    const refused = await send('PATCH', path, runnerToken, { status: 'assigned' }, 'status-key-0001')
    expect(refused.status).toBe(409)
    const first = await send('PATCH', path, runnerToken, { status: 'delivered' }, 'status-key-0001')
    const again = await send('PATCH', path, runnerToken, { status: 'delivered' }, 'status-key-0001')
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect((await again.json()).status).toBe('delivered')
    expect(await db.requestStatusChange.count({ where: { requestId: assignment.requestId, status: 'completed' } })).toBe(1)

    const other = await givenAssignment(org.id, 'in_transit')
    const reused = await send('PATCH', `/api/dispatch/assign/${other.assignment.id}`, other.runnerToken, { status: 'delivered' }, 'status-key-0001')
    expect(reused.status).toBe(400)
    expect((await send('PATCH', path, runnerToken, { status: 'delivered' }, 'bad key!')).status).toBe(400)
  })
})
