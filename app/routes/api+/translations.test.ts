// Translated catalogs over HTTP (issue 15): managers write them, vendors read their language.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

let serial = 0
async function manager() {
  const email = `translations-api-${++serial}@x.test`
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  const store = await givenStorefront({ organisationId: org.id })
  return { client, ...store }
}

const soap = { name: 'Hand Soap Refill', category: 'Guest Amenities', description: 'Unscented, 56 oz', price: '$7.99' }

describe('writing translations (PUT/PATCH /api/products/:id)', () => {
  test('stores a language, answers the product with its translations, and null removes one', async () => {
    const { client, products } = await manager()
    const id = products[0]!.id
    const res = await client.put(`/api/products/${id}`, {
      ...soap,
      translations: { uk: { name: 'Рідке мило', description: 'Без запаху, 1,6 л' }, es: { name: 'Jabón de manos' } },
    })
    expect(res.status).toBe(200)
    expect((await res.json()).translations).toEqual({
      es: { name: 'Jabón de manos', description: null },
      uk: { name: 'Рідке мило', description: 'Без запаху, 1,6 л' },
    })
    // A PUT without translations leaves them alone; PATCH can change just one language.
    await client.put(`/api/products/${id}`, soap)
    const patched = await client.patch(`/api/products/${id}`, { translations: { es: null } })
    expect(patched.status).toBe(200)
    expect((await patched.json()).translations).toEqual({ uk: { name: 'Рідке мило', description: 'Без запаху, 1,6 л' } })
    expect((await (await client.get(`/api/products/${id}`)).json()).translations).toEqual({ uk: { name: 'Рідке мило', description: 'Без запаху, 1,6 л' } })
  })

  test('refuses an unknown language or a blank name, and changes nothing', async () => {
    const { client, products } = await manager()
    const id = products[0]!.id
    const unknown = await client.put(`/api/products/${id}`, { ...soap, name: 'Renamed', translations: { fr: { name: 'Savon' } } })
    expect(unknown.status).toBe(400)
    expect((await unknown.json()).fieldErrors).toEqual({ 'translations.fr': ['Language must be one of es, en, pt, ru, hi, uk'] })
    const blank = await client.put(`/api/products/${id}`, { ...soap, translations: { uk: { name: ' ' } } })
    expect(blank.status).toBe(400)
    expect((await blank.json()).fieldErrors).toEqual({ 'translations.uk.name': ['Translated name is required'] })
    const notObject = await client.put(`/api/products/${id}`, { ...soap, translations: ['uk'] })
    expect(notObject.status).toBe(400)
    expect(await db.productTranslation.count({ where: { productId: id } })).toBe(0)
    expect((await db.product.findUniqueOrThrow({ where: { id } })).name).toBe('Hand Soap Refill')
  })

  test('another organisation’s product answers 404 and gets no translation', async () => {
    const a = await manager()
    const b = await manager()
    const res = await b.client.put(`/api/products/${a.products[0]!.id}`, { ...soap, translations: { uk: { name: 'Мило' } } })
    expect(res.status).toBe(404)
    expect(await db.productTranslation.count({ where: { productId: a.products[0]!.id } })).toBe(0)
  })
})

describe('reading the catalog in the vendor’s language (GET /api/vendor/properties/:id/products?lang=)', () => {
  test('shows the translation where there is one and the product’s own text where not', async () => {
    const { client, property, products } = await manager()
    await client.patch(`/api/products/${products[0]!.id}`, { translations: { uk: { name: 'Рідке мило', description: 'Без запаху' } } })
    await client.patch(`/api/products/${products[1]!.id}`, { translations: { uk: { name: 'Мішки для сміття' } } })
    const res = await app.client().get(`/api/vendor/properties/${property.id}/products?lang=uk`)
    expect(res.status).toBe(200)
    const list = await res.json()
    expect(list.map((p: { name: string; description: string | null }) => [p.name, p.description])).toEqual([
      ['Мішки для сміття', 'Heavy-duty'], // no translated description: the product's own
      ['Рідке мило', 'Без запаху'],
      ['LED Light Bulbs', null], // no translation at all
    ])
    expect(list[1]).not.toHaveProperty('translations')
    expect(list[1]).not.toHaveProperty('price')
    const english = await (await app.client().get(`/api/vendor/properties/${property.id}/products`)).json()
    expect(english.map((p: { name: string }) => p.name)).toEqual(['Trash Bags 33 gal', 'Hand Soap Refill', 'LED Light Bulbs'])
  })

  test('the vendor request page shows the vendor’s language', async () => {
    const { client, property, products } = await manager()
    await client.patch(`/api/products/${products[0]!.id}`, { translations: { uk: { name: 'Рідке мило' } } })
    const page = await app.client().get(`/vendor/${property.id}/request?lang=uk`)
    const html = await page.text()
    expect(html).toContain('Рідке мило')
    expect(html).not.toContain('Hand Soap Refill')
  })

  test('an unknown language is bad input', async () => {
    const { property } = await manager()
    const res = await app.client().get(`/api/vendor/properties/${property.id}/products?lang=xx`)
    expect(res.status).toBe(400)
    expect((await res.json()).fieldErrors).toHaveProperty('lang')
  })
})
