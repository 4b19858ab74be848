import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { organisationOf } from '../../tests/fixtures/people'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer()

describe('the import page without JavaScript', () => {
  test('previews what will change, changes nothing until applied, then applies', async () => {
    const client = await app.signedIn('import-page@x.test')
    const orgId = (await organisationOf('import-page@x.test')).id
    const upload = new FormData()
    upload.set('kind', 'products')
    upload.set('file', new File(['\uFEFFname,price\r\n"Towels, large",$3\r\n'], 'p.csv', { type: 'text/csv' }))
    const preview = await client.fetch('/import', { method: 'POST', body: upload })
    expect(preview.status).toBe(200)
    const page = await preview.text()
    expect(page).toContain('Preview: 1 to add, 0 to update')
    expect(page).toContain('Towels, large')
    expect(await db.product.count({ where: { organisationId: orgId } })).toBe(0)

    const apply = new FormData()
    apply.set('intent', 'apply')
    apply.set('kind', 'products')
    apply.set('csv', 'name,price\r\n"Towels, large",$3\r\n')
    const applied = await client.fetch('/import', { method: 'POST', body: apply })
    expect(applied.status).toBe(302)
    expect(applied.headers.get('location')).toBe('/products')
    expect(await db.product.findMany({ where: { organisationId: orgId }, select: { name: true, price: true } })).toEqual([{ name: 'Towels, large', price: '$3' }])
  })
})
