import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

/** The page's "Apply import" post: the file's text rides in a hidden field. */
function applyForm(csv: string) {
  const form = new FormData()
  form.set('intent', 'apply')
  form.set('kind', 'products')
  form.set('csv', csv)
  return form
}

describe('the import page without JavaScript', () => {
  test('is for owners and admins: a member sees no Import CSV button, and the page refuses them with the reason', async () => {
    const owner = await app.signedIn('import-owner@x.test')
    await givenTeammate('import-owner@x.test', 'import-member@x.test', 'member')
    const member = await app.signedIn('import-member@x.test')
    expect(await (await owner.get('/products')).text()).toContain('Import CSV')
    expect(await (await member.get('/products')).text()).not.toContain('Import CSV')
    expect(await (await member.get('/properties')).text()).not.toContain('Import CSV')
    const refused = await member.get('/import')
    expect(refused.status).toBe(403)
    const refusal = await refused.text()
    expect(refusal).toContain('Only an owner or admin can import the catalog.')
    // A refusal reads as one, with the way back, not as a failure of the app.
    expect(refusal).toContain('<h1 class="mt-4 text-2xl font-semibold">Not allowed</h1>')
    expect(refusal).toContain('Back to the dashboard')
    expect(refusal).not.toContain('Something went wrong')
    const upload = new FormData()
    upload.set('intent', 'apply')
    upload.set('kind', 'products')
    upload.set('csv', 'name,price\r\nSneaky,$1\r\n')
    expect((await member.fetch('/import', { method: 'POST', body: upload })).status).toBe(403)
    expect(await db.product.count({ where: { organisationId: (await organisationOf('import-owner@x.test')).id, name: 'Sneaky' } })).toBe(0)
  })

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

    const applied = await client.fetch('/import', { method: 'POST', body: applyForm('name,price\r\n"Towels, large",$3\r\n') })
    expect(applied.status).toBe(302)
    expect(applied.headers.get('location')).toBe('/products')
    expect(await db.product.findMany({ where: { organisationId: orgId }, select: { name: true, price: true } })).toEqual([{ name: 'Towels, large', price: '$3.00' }])
  })

  test('a file with a bad row is refused with 422: nothing imported, and what the good rows would do', async () => {
    const client = await app.signedIn('import-rows@x.test')
    const orgId = (await organisationOf('import-rows@x.test')).id
    const refused = await client.fetch('/import', { method: 'POST', body: applyForm('name,price\r\nSoap,$3\r\n,$4\r\n') })
    expect(refused.status).toBe(422)
    const page = await refused.text()
    expect(page).toContain('Nothing imported: 1 row needs fixing')
    expect(page).toContain('then 1 would be added and 0 updated')
    expect(page).toMatch(/Row (<!-- -->)?3(<!-- -->)?: (<!-- -->)?name: Product name is required/)
    expect(page).not.toContain('Apply import')
    expect(await db.product.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test('no file, or a file that is not UTF-8, answers 400 with the field’s message and imports nothing', async () => {
    const client = await app.signedIn('import-bad@x.test')
    const orgId = (await organisationOf('import-bad@x.test')).id
    const empty = new FormData()
    empty.set('kind', 'products')
    empty.set('file', new File([], '', { type: 'application/octet-stream' }))
    const none = await client.fetch('/import', { method: 'POST', body: empty })
    expect(none.status).toBe(400)
    expect(await none.text()).toContain('Choose a CSV file')

    const latin1 = new FormData()
    latin1.set('kind', 'properties')
    latin1.set('file', new File([new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x43, 0x61, 0x66, 0xe9, 0x0a])], 'p.csv', { type: 'text/csv' }))
    const wrong = await client.fetch('/import', { method: 'POST', body: latin1 })
    expect(wrong.status).toBe(400)
    const page = await wrong.text()
    expect(page).toContain('The file is not UTF-8 text')
    // The choice survives the refusal.
    expect(page).toMatch(/<option value="properties" selected="">/)
    expect(await db.product.count({ where: { organisationId: orgId } })).toBe(0)
    expect(await db.property.count({ where: { organisationId: orgId } })).toBe(0)
  })
})
