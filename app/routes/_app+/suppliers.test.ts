// The Suppliers page as a browser without JavaScript uses it: real form posts, redirects and toasts.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

const form = (fields: Record<string, string>) => new URLSearchParams(fields)

describe('the Suppliers page', () => {
  test('an owner adds and edits a supplier with plain posts; a bad one comes back with its errors', async () => {
    const client = await app.signedIn('suppliers-page@x.test')
    const orgId = (await organisationOf('suppliers-page@x.test')).id
    const added = await client.fetch('/suppliers', { method: 'POST', body: form({ intent: 'save', name: 'Clean Supply Co', email: 'orders@cleansupply.test', phone: '+1 555 0100', leadTimeDays: '5' }) })
    expect(added.status, await added.clone().text()).toBe(302)
    const supplier = await db.supplier.findFirstOrThrow({ where: { organisationId: orgId } })
    expect(supplier).toMatchObject({ name: 'Clean Supply Co', leadTimeDays: 5 })
    const edited = await client.fetch('/suppliers', { method: 'POST', body: form({ intent: 'save', id: supplier.id, name: 'Clean Supply Co', email: '', phone: '', leadTimeDays: '' }) })
    expect(edited.status).toBe(302)
    expect(await db.supplier.findUniqueOrThrow({ where: { id: supplier.id } })).toMatchObject({ email: null, phone: null, leadTimeDays: 0 })
    const bad = await client.fetch('/suppliers', { method: 'POST', body: form({ intent: 'save', name: '', email: 'nope', leadTimeDays: '2.5' }) })
    expect(bad.status).toBe(400)
    const html = await bad.text()
    for (const message of ["Enter the supplier&#x27;s name", 'Enter a valid e-mail address', 'Enter the lead time as whole days']) expect(html).toContain(message)
  })

  test('a member sees the suppliers but cannot add one', async () => {
    const owner = await app.signedIn('suppliers-owner@x.test')
    await owner.fetch('/suppliers', { method: 'POST', body: form({ intent: 'save', name: 'Acme Linen', leadTimeDays: '2' }) })
    await givenTeammate('suppliers-owner@x.test', 'suppliers-member@x.test', 'member')
    const member = await app.signedIn('suppliers-member@x.test')
    const page = await (await member.get('/suppliers?new')).text()
    expect(page).toContain('Acme Linen')
    expect(page).not.toContain('Add a supplier')
    expect((await member.fetch('/suppliers', { method: 'POST', body: form({ intent: 'save', name: 'Mine', leadTimeDays: '1' }) })).status).toBe(403)
  })
})
