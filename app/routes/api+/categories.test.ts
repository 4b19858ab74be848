// Category headings in the vendor's language (issue 28): managers translate a category as they do a
// product, over the API and on the Products page, and the vendor page shows the heading at once.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

let serial = 0
async function manager() {
  const email = `categories-api-${++serial}@x.test`
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  const store = await givenStorefront({ organisationId: org.id })
  return { client, orgId: org.id, ...store }
}

const amenities = encodeURIComponent('Guest Amenities')

describe('translating a category (GET /api/categories, PUT /api/categories/:name)', () => {
  test('lists the categories with their product counts and translations; PUT sets a language and null removes it', async () => {
    const { client } = await manager()
    expect(await (await client.get('/api/categories')).json()).toEqual([
      { name: 'Cleaning Supplies', products: 1, translations: {} },
      { name: 'Guest Amenities', products: 1, translations: {} },
      { name: 'Maintenance Tools', products: 1, translations: {} },
    ])
    const res = await client.put(`/api/categories/${amenities}`, { translations: { es: { name: 'Artículos para huéspedes' }, uk: { name: 'Для гостей' } } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      name: 'Guest Amenities',
      products: 1,
      translations: { es: { name: 'Artículos para huéspedes', description: null }, uk: { name: 'Для гостей', description: null } },
    })
    await client.put(`/api/categories/${amenities}`, { translations: { uk: null } })
    expect((await (await client.get(`/api/categories/${amenities}`)).json()).translations).toEqual({ es: { name: 'Artículos para huéspedes', description: null } })
  })

  test('refuses an unknown language, a blank name or no translations object with field messages, and changes nothing', async () => {
    const { client, orgId } = await manager()
    const unknown = await client.put(`/api/categories/${amenities}`, { translations: { fr: { name: 'Accueil' } } })
    expect(unknown.status).toBe(400)
    expect((await unknown.json()).fieldErrors).toEqual({ 'translations.fr': ['Language must be one of es, en, pt, ru, hi, uk'] })
    const blank = await client.put(`/api/categories/${amenities}`, { translations: { es: { name: ' ' } } })
    expect(blank.status).toBe(400)
    expect((await blank.json()).fieldErrors).toEqual({ 'translations.es.name': ['Translated name is required'] })
    expect((await client.put(`/api/categories/${amenities}`, ['es'])).status).toBe(400)
    expect(await db.categoryTranslation.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test('a category none of the organisation’s products is in answers 404, so another organisation’s stays untouched', async () => {
    const a = await manager()
    const b = await manager()
    await db.product.updateMany({ where: { organisationId: b.orgId, category: 'Guest Amenities' }, data: { category: 'Linen' } })
    const res = await b.client.put(`/api/categories/${amenities}`, { translations: { es: { name: 'Huéspedes' } } })
    expect(res.status).toBe(404)
    expect(await db.categoryTranslation.count({ where: { organisationId: { in: [a.orgId, b.orgId] } } })).toBe(0)
  })
})

describe('the vendor page in the vendor’s language', () => {
  test('shows the translated heading where there is one, the own text elsewhere, and a change at once', async () => {
    const { client, property } = await manager()
    const before = await (await app.client().get(`/vendor/${property.id}/request?lang=es`)).text()
    expect(before).toContain('Guest Amenities')
    await client.put(`/api/categories/${amenities}`, { translations: { es: { name: 'Artículos para huéspedes' } } })
    const after = await (await app.client().get(`/vendor/${property.id}/request?lang=es`)).text()
    expect(after).toContain('Artículos para huéspedes')
    expect(after).not.toContain('Guest Amenities')
    expect(after).toContain('Cleaning Supplies')
    // Other languages keep the own text; the vendor API gives the same heading.
    expect(await (await app.client().get(`/vendor/${property.id}/request?lang=uk`)).text()).toContain('Guest Amenities')
    const listed = await (await app.client().get(`/api/vendor/properties/${property.id}/products?lang=es`)).json()
    expect(listed.find((p: { name: string }) => p.name === 'Hand Soap Refill')).toMatchObject({ category: 'Artículos para huéspedes' })
    expect(listed[0]).not.toHaveProperty('categoryTranslations')
  })
})

describe('the Products page', () => {
  test('translates a category heading in the products’ dialog, with a plain form post', async () => {
    const { client, orgId } = await manager()
    const page = await (await client.get(`/products?translate-category=${amenities}`)).text()
    expect(page).toContain('Translations of the category Guest Amenities')
    expect(page).toContain('Spanish name')
    expect(page).not.toContain('Spanish description')
    const body = new FormData()
    body.set('intent', 'category-translations')
    body.set('id', 'Guest Amenities')
    body.set('translations.es.name', 'Artículos para huéspedes')
    const res = await client.fetch(`/products?translate-category=${amenities}`, { method: 'POST', body })
    expect(res.status).toBe(302)
    expect(await db.categoryTranslation.findMany({ where: { organisationId: orgId }, select: { category: true, language: true, name: true } })).toEqual([
      { category: 'Guest Amenities', language: 'es', name: 'Artículos para huéspedes' },
    ])
    const unknown = await client.get(`/products?translate-category=${encodeURIComponent('Nothing here')}`)
    expect(unknown.status).toBe(302)
  })
})
