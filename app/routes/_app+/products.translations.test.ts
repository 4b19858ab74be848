// Translating a product from the products page, without JavaScript (a multipart form post): the
// missing-translation list links to the dialog, a saved language reaches vendors, an empty one is removed.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

let serial = 0
async function manager() {
  const email = `translations-page-${++serial}@x.test`
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  const store = await givenStorefront({ organisationId: org.id })
  return { client, orgId: org.id, ...store }
}

/** The dialog's form as a browser posts it: every language, the untouched ones empty. */
function translationsForm(productId: string, filled: Record<string, { name?: string; description?: string }>) {
  const form = new FormData()
  form.set('intent', 'translations')
  form.set('id', productId)
  for (const lang of ['es', 'pt', 'ru', 'hi', 'uk']) {
    form.set(`translations.${lang}.name`, filled[lang]?.name ?? '')
    form.set(`translations.${lang}.description`, filled[lang]?.description ?? '')
  }
  return form
}

describe('translating a product on the products page', () => {
  test('the missing list links to the dialog; a saved language shows to vendors, and an emptied one is removed', async () => {
    const { client, property, products } = await manager()
    const product = products[0]!
    const list = await (await client.get('/products')).text()
    expect(list).toMatch(/products? lacks? a translation/)
    expect(list).toContain(`href="/products?translate=${product.id}"`)

    const dialog = await (await client.get(`/products?translate=${product.id}`)).text()
    expect(dialog).toContain(`Translations of ${product.name}`)
    expect(dialog).toContain('Ukrainian name')

    const saved = await client.fetch(`/products?translate=${product.id}`, {
      method: 'POST',
      body: translationsForm(product.id, { uk: { name: 'Рідке мило', description: 'Без запаху' }, es: { name: 'Jabón de manos' } }),
    })
    expect(saved.status).toBe(302)
    const rows = await db.productTranslation.findMany({ where: { productId: product.id }, orderBy: { language: 'asc' } })
    expect(rows.map((r) => [r.language, r.name, r.description])).toEqual([
      ['es', 'Jabón de manos', null],
      ['uk', 'Рідке мило', 'Без запаху'],
    ])
    const vendor = await (await app.client().get(`/api/vendor/properties/${property.id}/products?lang=uk`)).json()
    expect(vendor.find((p: { id: string }) => p.id === product.id)).toMatchObject({ name: 'Рідке мило', description: 'Без запаху' })
    // The dialog opens with what is stored.
    expect(await (await client.get(`/products?translate=${product.id}`)).text()).toContain('Рідке мило')

    await client.fetch(`/products?translate=${product.id}`, { method: 'POST', body: translationsForm(product.id, { uk: { name: 'Рідке мило', description: 'Без запаху' } }) })
    expect((await db.productTranslation.findMany({ where: { productId: product.id } })).map((r) => r.language)).toEqual(['uk'])
  })

  test('a description without a name answers 400 with the message and changes nothing', async () => {
    const { client, products } = await manager()
    const res = await client.fetch(`/products?translate=${products[0]!.id}`, { method: 'POST', body: translationsForm(products[0]!.id, { pt: { description: 'Sem nome' } }) })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('Translated name is required with a description')
    expect(await db.productTranslation.count({ where: { productId: products[0]!.id } })).toBe(0)
  })

  test('another organisation’s product can be neither opened nor translated', async () => {
    const a = await manager()
    const b = await manager()
    const opened = await b.client.get(`/products?translate=${a.products[0]!.id}`)
    expect(opened.status).toBe(302)
    await b.client.fetch(`/products?translate=${a.products[0]!.id}`, { method: 'POST', body: translationsForm(a.products[0]!.id, { uk: { name: 'Захоплено' } }) })
    expect(await db.productTranslation.count({ where: { productId: a.products[0]!.id } })).toBe(0)
  })
})
