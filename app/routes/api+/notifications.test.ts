import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import { givenNotification } from '../../../tests/fixtures/requests'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

async function managerWithOrg(email: string) {
  const client = await app.signedIn(email)
  return { client, orgId: (await organisationOf(email)).id }
}

const unread = async (client: Awaited<ReturnType<typeof app.signedIn>>) => (await (await client.get('/api/notifications/unread')).json()).count

describe('notifications', () => {
  test('list newest first with the unread count', async () => {
    const { client, orgId } = await managerWithOrg('notes-list@x.test')
    const now = Date.now()
    await givenNotification(orgId, { message: 'older', createdAt: new Date(now - 60_000) })
    await givenNotification(orgId, { message: 'newest', type: 'qr_scan', createdAt: new Date(now) })
    await givenNotification(orgId, { message: 'read one', isRead: true, createdAt: new Date(now - 30_000) })
    const list = await (await client.get('/api/notifications')).json()
    expect(list.map((n: { message: string }) => n.message)).toEqual(['newest', 'read one', 'older'])
    expect(list[0]).toMatchObject({ type: 'qr_scan', isRead: false, createdAt: expect.any(String), id: expect.any(String) })
    expect(await unread(client)).toBe(2)
    expect((await (await client.get('/api/notifications?limit=1')).json()).length).toBe(1)
  })

  test('go from unread to read one at a time or all at once, and may be deleted in either state', async () => {
    const { client, orgId } = await managerWithOrg('notes-flow@x.test')
    const a = await givenNotification(orgId)
    const b = await givenNotification(orgId)
    const c = await givenNotification(orgId)
    expect(await unread(client)).toBe(3)

    const read = await client.put(`/api/notifications/${a.id}/read`)
    expect(read.status).toBe(200)
    expect((await read.json()).isRead).toBe(true)
    expect(await unread(client)).toBe(2)
    // Marking it again changes nothing.
    expect((await client.put(`/api/notifications/${a.id}/read`)).status).toBe(200)
    expect(await unread(client)).toBe(2)

    expect((await client.delete(`/api/notifications/${b.id}`)).status).toBe(204)
    expect(await unread(client)).toBe(1)
    expect((await client.delete(`/api/notifications/${b.id}`)).status).toBe(404)

    const all = await client.put('/api/notifications/read-all')
    expect(await all.json()).toEqual({ count: 1 })
    expect(await unread(client)).toBe(0)
    expect((await (await client.get('/api/notifications')).json()).every((n: { isRead: boolean }) => n.isRead)).toBe(true)

    expect((await client.delete(`/api/notifications/${a.id}`)).status).toBe(204)
    expect((await (await client.get('/api/notifications')).json()).map((n: { id: string }) => n.id)).toEqual([c.id])
  })

  test('addressed to one manager are not seen by a teammate', async () => {
    const { client, orgId } = await managerWithOrg('notes-owner@x.test')
    const mate = await givenTeammate('notes-owner@x.test', 'notes-mate@x.test', 'member')
    const mateClient = await app.signedIn('notes-mate@x.test')
    const owner = await db.user.findUniqueOrThrow({ where: { email: 'notes-owner@x.test' } })
    await givenNotification(orgId, { message: 'for everyone' })
    const mine = await givenNotification(orgId, { message: 'for the owner', userId: owner.id })
    await givenNotification(orgId, { message: 'for the mate', userId: mate.id })
    expect(await unread(client)).toBe(2)
    expect(await unread(mateClient)).toBe(2)
    expect((await mateClient.put(`/api/notifications/${mine.id}/read`)).status).toBe(404)
    expect((await mateClient.delete(`/api/notifications/${mine.id}`)).status).toBe(404)
    await mateClient.put('/api/notifications/read-all')
    expect(await unread(mateClient)).toBe(0)
    expect(await unread(client)).toBe(2)
  })

  test('are read by each member for themselves: one marks one read, a teammate still sees it unread', async () => {
    const { client: owner, orgId } = await managerWithOrg('notes-own@x.test')
    await givenTeammate('notes-own@x.test', 'notes-colleague@x.test', 'member')
    const colleague = await app.signedIn('notes-colleague@x.test')
    const scan = await givenNotification(orgId, { type: 'qr_scan', message: 'Scanned at Quay 3' })
    const request = await givenNotification(orgId, { message: 'New request at Quay 3' })
    expect([await unread(owner), await unread(colleague)]).toEqual([2, 2])

    expect((await (await owner.put(`/api/notifications/${scan.id}/read`)).json()).isRead).toBe(true)
    expect([await unread(owner), await unread(colleague)]).toEqual([1, 2])
    const seenBy = async (client: typeof owner) => Object.fromEntries(((await (await client.get('/api/notifications')).json()) as { id: string; isRead: boolean }[]).map((n) => [n.id, n.isRead]))
    expect(await seenBy(owner)).toEqual({ [scan.id]: true, [request.id]: false })
    expect(await seenBy(colleague)).toEqual({ [scan.id]: false, [request.id]: false })

    // The page: the colleague marks all read there; the owner's page still lists the request as unread.
    const page = await colleague.fetch('/notifications', { method: 'POST', form: { intent: 'read-all' } })
    expect(page.status).toBe(302)
    expect(await unread(colleague)).toBe(0)
    expect(await (await colleague.get('/notifications')).text()).not.toContain('Unread (')
    const ownerPage = await (await owner.get('/notifications')).text()
    expect(ownerPage).toContain('Unread (1)')
    expect(ownerPage).toContain('Read (1)')

    // A notification that arrives after "Mark All Read" is new for everyone.
    await givenNotification(orgId, { message: 'Another request', createdAt: new Date(Date.now() + 1_000) })
    expect([await unread(owner), await unread(colleague)]).toEqual([2, 1])
    // Marking one read on the page is the owner's alone.
    await owner.fetch('/notifications', { method: 'POST', form: { intent: 'read', id: request.id } })
    expect([await unread(owner), await unread(colleague)]).toEqual([1, 1])
  })

  test("the page counts what this person can see, the organisation's and their own, and the counts follow every change", async () => {
    const { client: owner, orgId } = await managerWithOrg('notes-counts@x.test')
    const teammate = await givenTeammate('notes-counts@x.test', 'notes-counts-admin@x.test', 'admin')
    const ownerId = (await db.user.findUniqueOrThrow({ where: { email: 'notes-counts@x.test' } })).id
    const now = Date.now()
    await givenNotification(orgId, { message: 'For everyone, read', isRead: true, createdAt: new Date(now - 3_000) })
    await givenNotification(orgId, { message: 'For everyone', createdAt: new Date(now - 2_000) })
    await givenNotification(orgId, { message: 'For the owner', userId: ownerId, createdAt: new Date(now - 1_000) })
    await givenNotification(orgId, { message: 'For the teammate', userId: teammate.id, createdAt: new Date(now - 1_000) })
    const headings = async () => ((await (await owner.get('/notifications')).text()).match(/(Unread|Read) \(\d+\)/g) ?? []).join(', ')
    expect(await headings()).toBe('Unread (2), Read (1)')
    // Asked again with nothing written, and after each write: a new one, one read, one deleted.
    expect(await headings()).toBe('Unread (2), Read (1)')
    const arrived = await givenNotification(orgId, { message: 'Just now', createdAt: new Date(now) })
    expect(await headings()).toBe('Unread (3), Read (1)')
    await owner.fetch('/notifications', { method: 'POST', form: { intent: 'read', id: arrived.id } })
    expect(await headings()).toBe('Unread (2), Read (2)')
    await owner.fetch('/notifications', { method: 'POST', form: { intent: 'delete', id: arrived.id } })
    expect(await headings()).toBe('Unread (2), Read (1)')
    expect(await (await owner.get('/notifications')).text()).not.toContain('For the teammate')
  })

  test("each notification's icons are drawn from symbols on the page, one for its type", async () => {
    const { client, orgId } = await managerWithOrg('notes-icons@x.test')
    const now = Date.now()
    await givenNotification(orgId, { type: 'new_request', message: 'Requested', createdAt: new Date(now - 1_000) })
    await givenNotification(orgId, { type: 'qr_scan', message: 'Scanned', createdAt: new Date(now) })
    await givenNotification(orgId, { type: 'other', message: 'Something else', isRead: true, createdAt: new Date(now) })
    const html = await (await client.get('/notifications')).text()
    const symbols = new Set(Array.from(html.matchAll(/<symbol id="([^"]+)"/g), (m) => m[1]))
    const items = Array.from(html.matchAll(/<li [^>]*data-testid="notification">(.*?)<\/li>/g), (m) => m[1]!)
    expect(items).toHaveLength(3)
    const used = items.map((item) => Array.from(item.matchAll(/<use href="#([^"]+)">/g), (m) => m[1]!))
    // Unread then read, newest first: the type's icon, then mark read (unread ones only) and delete.
    expect(used).toEqual([
      ['notification-icon-qr_scan', 'notification-icon-read', 'notification-icon-delete'],
      ['notification-icon-new_request', 'notification-icon-read', 'notification-icon-delete'],
      ['notification-icon-other', 'notification-icon-delete'],
    ])
    for (const id of used.flat()) expect(symbols).toContain(id)
  })

  test('a vendor’s request and a QR scan reach every member’s bell', async () => {
    const { client: owner, orgId } = await managerWithOrg('notes-reach@x.test')
    await givenTeammate('notes-reach@x.test', 'notes-reach-admin@x.test', 'admin')
    const admin = await app.signedIn('notes-reach-admin@x.test')
    const { property, products } = await givenStorefront({ organisationId: orgId, name: 'Reach Towers' })
    expect((await app.client().post(`/api/vendor/qr/${property.id}/scan`)).status).toBe(200)
    const sent = await app.client().post('/api/vendor/requests', { propertyId: property.id, vendorName: 'Both See Me', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] })
    expect(sent.status).toBe(201)
    for (const client of [owner, admin]) {
      const types = ((await (await client.get('/api/notifications')).json()) as { type: string; isRead: boolean }[]).filter((n) => !n.isRead).map((n) => n.type)
      expect(types.sort()).toEqual(['new_request', 'qr_scan'])
      expect(await unread(client)).toBe(2)
    }
  })

  test("another organisation's notification answers 404 and is left as it was", async () => {
    const { orgId } = await managerWithOrg('notes-a@x.test')
    const note = await givenNotification(orgId)
    const other = await app.signedIn('notes-b@x.test')
    expect((await other.put(`/api/notifications/${note.id}/read`)).status).toBe(404)
    expect((await other.delete(`/api/notifications/${note.id}`)).status).toBe(404)
    expect(await (await other.put('/api/notifications/read-all')).json()).toEqual({ count: 0 })
    expect(await (await other.get('/api/notifications')).json()).toEqual([])
    expect(await unread(other)).toBe(0)
    expect(await db.notificationRead.count({ where: { notificationId: note.id } })).toBe(0)
  })

  test('need a session', async () => {
    const anonymous = app.client()
    expect((await anonymous.get('/api/notifications')).status).toBe(401)
    expect((await anonymous.get('/api/notifications/unread')).status).toBe(401)
    expect((await anonymous.put('/api/notifications/read-all')).status).toBe(401)
    expect((await anonymous.put('/api/notifications/x/read')).status).toBe(401)
    expect((await anonymous.delete('/api/notifications/x')).status).toBe(401)
  })
})
