import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenProduct, givenProperty } from '../../../tests/fixtures/catalog'
import { organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

let serial = 0
async function manager() {
  const email = `import-${++serial}@x.test`
  const client = await app.signedIn(email)
  return { client, orgId: (await organisationOf(email)).id }
}
type Client = Awaited<ReturnType<typeof manager>>['client']

function upload(client: Client, path: string, csv: string) {
  const form = new FormData()
  form.set('file', new File([csv], 'catalog.csv', { type: 'text/csv' }))
  return client.fetch(path, { method: 'POST', body: form })
}

const fields = { name: true, category: true, description: true, price: true, imageUrl: true, thumbnailUrl: true, imageAlt: true, isActive: true } as const
const catalogOf = (orgId: string) => db.product.findMany({ where: { organisationId: orgId }, select: fields, orderBy: { name: 'asc' } })

/** Drops the id column's values, as someone copying a catalog to a new organisation would. */
const withoutIds = (csv: string) => csv.replace(/(^\uFEFF?|\r\n)[0-9a-f-]{36},/g, '$1,')

describe('product CSV import', () => {
  test('our own export imports back: the same file updates in place, and creates a copy elsewhere', async () => {
    const a = await manager()
    await givenProduct(a.orgId, { name: 'Towels, large', category: 'Linen', description: 'Say "soft"\nTwo lines', price: '$12.50', isActive: true })
    await givenProduct(a.orgId, { name: '=SUM(A1)', category: null, description: 'Ünïcødé ✓', price: null, isActive: false })
    await givenProduct(a.orgId, { name: 'Soap', imageUrl: 'https://img.example/soap.png', imageAlt: 'A bar' })
    const exported = await a.client.get('/api/products?format=csv')
    expect(exported.headers.get('content-type')).toMatch(/text\/csv/)
    // Kept as sent, BOM included, so the import reads exactly what a spreadsheet would open.
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await exported.arrayBuffer())
    expect(csv.charCodeAt(0)).toBe(0xfeff)
    const before = await catalogOf(a.orgId)

    const same = await upload(a.client, '/api/products/import', csv)
    expect(same.status).toBe(200)
    expect(await same.json()).toMatchObject({ applied: true, created: 0, updated: 3, errors: [] })
    expect(await catalogOf(a.orgId)).toEqual(before)

    const b = await manager()
    const copied = await upload(b.client, '/api/products/import', withoutIds(csv))
    expect(await copied.json()).toMatchObject({ applied: true, created: 3, updated: 0, errors: [] })
    expect(await catalogOf(b.orgId)).toEqual(before)
  })

  test('a semicolon-separated export from a spreadsheet imports like a comma-separated one', async () => {
    const { client, orgId } = await manager()
    const csv = '\uFEFFname;category;description;price\r\n"Towels; large";Linen;"Say ""soft""\nTwo lines";$3.50\r\nSoap;Bath;;$2\r\n'
    const res = await upload(client, '/api/products/import', csv)
    expect(await res.json()).toMatchObject({ applied: true, created: 2, updated: 0, errors: [] })
    expect((await catalogOf(orgId)).map(({ name, category, description }) => ({ name, category, description }))).toEqual([
      { name: 'Soap', category: 'Bath', description: null },
      { name: 'Towels; large', category: 'Linen', description: 'Say "soft"\nTwo lines' },
    ])
  })

  test('a dry run answers what would change and changes nothing', async () => {
    const { client, orgId } = await manager()
    const existing = await givenProduct(orgId, { name: 'Soap' })
    const csv = `id,name,price\n${existing.id},Soap bar,$2\n,Shampoo,$4\n`
    const res = await upload(client, '/api/products/import?dryRun=true', csv)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      applied: false,
      created: 0,
      updated: 0,
      errors: [],
      preview: {
        created: 1,
        updated: 1,
        rows: [
          { row: 2, action: 'update', name: 'Soap bar' },
          { row: 3, action: 'create', name: 'Shampoo' },
        ],
      },
    })
    expect((await catalogOf(orgId)).map((p) => p.name)).toEqual(['Soap'])
  })

  test('bad rows are listed by spreadsheet row, nothing is applied, and the answer says so with a 422', async () => {
    const { client, orgId } = await manager()
    const other = await manager()
    const foreign = await givenProduct(other.orgId, { name: 'Not yours' })
    const csv = `name,price,isActive\r\nGood,$1,true\r\n,$2,true\r\nAlso good,no number,true\r\n`
    const res = await upload(client, '/api/products/import', csv)
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      error: 'Nothing was imported: 2 rows need fixing.',
      applied: false,
      created: 0,
      updated: 0,
      errors: [
        { row: 3, message: 'name: Product name is required' },
        { row: 4, message: expect.stringContaining('Enter a price with an amount') },
      ],
      preview: { created: 1, updated: 0, rows: [{ row: 2, action: 'create', name: 'Good' }] },
    })
    const stolen = await upload(client, '/api/products/import', `id,name\n${foreign.id},Mine now\n`)
    expect(stolen.status).toBe(422)
    expect(await stolen.json()).toMatchObject({ applied: false, created: 0, updated: 0, errors: [{ row: 2, message: `No product with id ${foreign.id} in your organisation` }] })
    const dryRun = await upload(client, '/api/products/import?dryRun=true', csv)
    expect(dryRun.status).toBe(422)
    expect(await catalogOf(orgId)).toEqual([])
    expect((await db.product.findUniqueOrThrow({ where: { id: foreign.id } })).name).toBe('Not yours')
  })

  test('refuses a missing file, a file that is not CSV of ours, and text that is not UTF-8', async () => {
    const { client } = await manager()
    const none = await client.fetch('/api/products/import', { method: 'POST', body: new FormData() })
    expect(none.status).toBe(400)
    expect((await none.json()).fieldErrors).toEqual({ file: ['Choose a CSV file'] })
    expect((await upload(client, '/api/products/import', 'colour,size\nred,1\n')).status).toBe(400)
    expect((await upload(client, '/api/products/import', 'name\n"open quote\n')).status).toBe(400)
    const latin1 = new FormData()
    latin1.set('file', new File([new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xe9, 0x0a])], 'x.csv'))
    expect((await client.fetch('/api/products/import', { method: 'POST', body: latin1 })).status).toBe(400)
  })
})

describe('property CSV import', () => {
  test('our own export round-trips, and new properties get their QR code URL', async () => {
    const a = await manager()
    await givenProperty(a.orgId, { name: 'Harbor View', address: '12 Pier Rd, "Unit 4"', isActive: true, qrCodeActive: true })
    await givenProperty(a.orgId, { name: 'Old Mill', address: 'Mill Lane\nBack gate', isActive: false, qrCodeActive: false })
    const csv = await (await a.client.get('/api/properties?format=csv')).text()
    const select = { name: true, address: true, isActive: true, qrCodeActive: true } as const
    const sites = (orgId: string) => db.property.findMany({ where: { organisationId: orgId }, select, orderBy: { name: 'asc' } })
    const before = await sites(a.orgId)
    expect(await (await upload(a.client, '/api/properties/import', csv)).json()).toMatchObject({ applied: true, created: 0, updated: 2, errors: [] })
    expect(await sites(a.orgId)).toEqual(before)

    const b = await manager()
    expect(await (await upload(b.client, '/api/properties/import', withoutIds(csv))).json()).toMatchObject({ applied: true, created: 2, updated: 0, errors: [] })
    expect(await sites(b.orgId)).toEqual(before)
    const created = await db.property.findFirstOrThrow({ where: { organisationId: b.orgId } })
    expect(created.qrCodeUrl).toBe(`${app.url}/vendor/${created.id}`)
  })

  test('a file with a bad row answers 422 with applied: false and creates no property', async () => {
    const { client, orgId } = await manager()
    const res = await upload(client, '/api/properties/import', 'name,address\nHarbor View,12 Pier Rd\n,No name\n')
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ applied: false, created: 0, updated: 0, preview: { created: 1, updated: 0 } })
    expect(await db.property.count({ where: { organisationId: orgId } })).toBe(0)
  })
})
