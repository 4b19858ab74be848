// The vendor journey as a phone without JavaScript makes it: plain GETs and form posts, cookies kept.
import { describe, expect, test } from 'vitest'
import { relayScans } from '../../../server/jobs/scan-relay.server'
import { db } from '~/lib/db.server'
import { givenStorefront, notificationsOf } from '../../../tests/fixtures/vendor'
import { withTestServer } from '../../../tests/support/server'
import type { TestClient } from '../../../tests/support/client'

const app = withTestServer()

async function page(c: TestClient, path: string) {
  const res = await c.get(path)
  return { status: res.status, html: await res.text() }
}

function press(c: TestClient, propertyId: string, intent: string, productId: string, extra: Record<string, string> = {}) {
  return c.postForm(`/vendor/${propertyId}/request`, { intent, productId, lang: 'en', ...extra })
}

/** What the page says the cart holds: the quantity shown for each product. */
function quantities(html: string) {
  return [...html.matchAll(/Quantity: (\d)/g)].map((m) => Number(m[1]))
}

describe('the language picker', () => {
  test('offers the six languages by native name, each a plain link to the request page', async () => {
    const { property } = await givenStorefront({ name: 'Pier 9' })
    const { status, html } = await page(app.client(), `/vendor/${property.id}`)
    expect(status).toBe(200)
    expect(html).toContain('<html lang="en"')
    expect(html).toContain('Select Language')
    expect(html).toContain('Pier 9')
    for (const [code, name] of [['es', 'Español'], ['en', 'English'], ['pt', 'Português'], ['ru', 'Русский'], ['hi', 'हिन्दी'], ['uk', 'Українська']]) {
      expect(html).toContain(`href="/vendor/${property.id}/request?lang=${code}"`)
      expect(html).toContain(name)
    }
  })

  test('shows a localised not-found screen with 404 for an unknown or inactive property', async () => {
    const { property } = await givenStorefront({ propertyActive: false })
    const c = app.client()
    expect((await page(c, `/vendor/${property.id}`)).status).toBe(404)
    // Once Spanish is chosen somewhere, the not-found screen speaks Spanish too.
    const active = await givenStorefront()
    await c.get(`/vendor/${active.property.id}/request?lang=es`)
    const { status, html } = await page(c, '/vendor/unknown-property')
    expect(status).toBe(404)
    expect(html).toContain('<html lang="es"')
    expect(html).toContain('Propiedad no encontrada')
  })
})

describe('the request page', () => {
  test('renders in the language asked for, remembers it, and falls back to English', async () => {
    const { property } = await givenStorefront()
    const c = app.client()
    const hindi = await page(c, `/vendor/${property.id}/request?lang=hi`)
    expect(hindi.html).toContain('<html lang="hi"')
    expect(hindi.html).toContain('कार्ट में जोड़ें')
    // A returning phone without ?lang keeps Hindi.
    expect((await page(c, `/vendor/${property.id}/request`)).html).toContain('<html lang="hi"')
    const uk = await page(c, `/vendor/${property.id}/request?lang=uk`)
    expect(uk.html).toContain('<html lang="uk"')
    expect(uk.html).toContain('Додати до кошика')
    const fresh = await page(app.client(), `/vendor/${property.id}/request?lang=zz`)
    expect(fresh.html).toContain('<html lang="en"')
    expect(fresh.html).toContain('Add to cart')
  })

  test('shows the property and only its active assigned products, with their category and description', async () => {
    const { property } = await givenStorefront({
      name: 'Harbor View',
      products: [
        { name: 'Mop', category: 'Cleaning', description: 'Cotton head' },
        { name: 'Switched off', isActive: false },
        { name: 'Stocked elsewhere', assigned: false },
      ],
    })
    const { status, html } = await page(app.client(), `/vendor/${property.id}/request?lang=en`)
    expect(status).toBe(200)
    expect(html).toContain('Harbor View')
    expect(html).toContain(property.address)
    expect(html).toContain('Mop')
    expect(html).toContain('Cleaning')
    expect(html).toContain('Cotton head')
    expect(html).not.toContain('Switched off')
    expect(html).not.toContain('Stocked elsewhere')
    expect(html).not.toContain('$9.99')
  })

  test('names each category’s section by its heading, whatever the category is called', async () => {
    const { property } = await givenStorefront({
      products: [
        { name: 'Mop', category: 'Cleaning Supplies' },
        { name: 'Kettle', category: 'other' },
        { name: 'Lamp' },
      ],
    })
    const { html } = await page(app.client(), `/vendor/${property.id}/request?lang=en`)
    const sections = [...html.matchAll(/<section aria-labelledby="([^"]*)"/g)].map((m) => m[1]!)
    expect(sections).toHaveLength(3)
    for (const id of sections) expect(id).toMatch(/^\S+$/)
    const headings = sections.map((id) => html.match(new RegExp(`<h3 id="${id}"[^>]*>([^<]*)</h3>`))?.[1])
    // An id with a space in it would be two ids to aria-labelledby, and none of them a heading.
    expect(headings).toEqual(['Cleaning Supplies', 'other', 'Other'])
  })

  test('answers 404 with the localised not-found screen for an unknown or inactive property', async () => {
    const { property } = await givenStorefront({ propertyActive: false })
    for (const id of [property.id, 'no-such-property']) {
      const { status, html } = await page(app.client(), `/vendor/${id}/request?lang=uk`)
      expect(status).toBe(404)
      expect(html).toContain('<html lang="uk"')
      // React escapes the apostrophe in the rendered text.
      expect(html.replaceAll('&#x27;', "'")).toContain("Об'єкт не знайдено")
    }
  })

  test('counts one scan per visit, on the first page rendered, for the property’s organisation', async () => {
    const { property, organisation } = await givenStorefront({ name: 'Dock 4' })
    const phone = app.client()
    await phone.get(`/vendor/${property.id}`)
    await phone.get(`/vendor/${property.id}/request?lang=en`)
    await phone.get(`/vendor/${property.id}/request?lang=en`)
    // The page's script reports too; the visit is already counted.
    expect(await (await phone.post(`/api/vendor/qr/${property.id}/scan`)).json()).toEqual({ counted: false })
    await app.client().get(`/vendor/${property.id}/request?lang=en`)
    // Pages only count in memory (any machine may be a read-only replica); the relay stores them.
    await relayScans()
    const scans = await notificationsOf(organisation.id, 'qr_scan')
    expect(scans.map((s) => s.message)).toEqual(['QR code scanned at Dock 4', 'QR code scanned at Dock 4'])
  })
})

describe('the cart, kept in a cookie between form posts', () => {
  test('adds, goes from 1 to 2 and no further, and removes a product decreased to 0', async () => {
    const { property, products } = await givenStorefront()
    const [soap, bags] = products
    const c = app.client()
    const view = () => page(c, `/vendor/${property.id}/request?lang=en`)

    const added = await press(c, property.id, 'add', soap!.id)
    expect(added.status).toBe(302)
    expect(added.headers.get('location')).toBe(`/vendor/${property.id}/request?lang=en#product-${soap!.id}`)
    expect(quantities((await view()).html)).toEqual([1])
    expect((await view()).html).toContain('1 item')

    await press(c, property.id, 'increase', soap!.id)
    await press(c, property.id, 'add', bags!.id)
    expect((await view()).html).toContain('3 items')
    await press(c, property.id, 'increase', soap!.id)
    expect((await view()).html).toContain('3 items')
    expect((await view()).html).toContain('Maximum 2')

    await press(c, property.id, 'decrease', soap!.id)
    await press(c, property.id, 'decrease', soap!.id)
    const after = (await view()).html
    expect(after).toContain('1 item')
    expect(quantities(after)).toEqual([1])
  })

  // Decision 146: the dialog over the header alone, so a slow phone lays out an eighth of the elements.
  test('shows the cart once more on the finalize step, with its count for a screen reader, and no catalog behind the dialog', async () => {
    const { property, products } = await givenStorefront()
    const [soap, bags] = products
    const c = app.client()
    await press(c, property.id, 'add', soap!.id)
    await press(c, property.id, 'increase', soap!.id)
    await press(c, property.id, 'add', bags!.id)

    const { status, html } = await page(c, `/vendor/${property.id}/request?lang=en&step=finalize`)
    expect(status).toBe(200)
    const dialog = html.slice(html.indexOf('role="dialog"'), html.indexOf('<header'))
    expect(quantities(dialog)).toEqual([2, 1])
    expect(dialog).toMatch(/aria-live="polite"[^>]*>3 items</)
    // Each line's buttons once, in the dialog: the catalog's rows are not painted under it.
    expect(quantities(html)).toEqual([2, 1])
    expect(html).not.toMatch(/>Products<\/h2>/)
    expect(html).toContain(`>${property.name}</h1>`)
  })

  test('refuses a product the property does not offer', async () => {
    const { property, products } = await givenStorefront({ products: [{ name: 'Offered' }, { name: 'Off', isActive: false }] })
    const c = app.client()
    const res = await press(c, property.id, 'add', products[1]!.id)
    const { res: back } = await c.follow(res)
    const html = await back.text()
    expect(html).toContain('Products Unavailable')
    expect(quantities(html)).toEqual([])
  })

  test('answers a JavaScript press with JSON and the new cookie, without a redirect', async () => {
    const { property, products } = await givenStorefront()
    const c = app.client()
    // What a fetcher sends: Remix's data request for this route, with the field only a running script adds.
    const res = await c.postForm(`/vendor/${property.id}/request?_data=${encodeURIComponent('routes/vendor+/$propertyId.request')}`, {
      intent: 'add',
      productId: products[0]!.id,
      lang: 'en',
      enhanced: '1',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ toast: null })
    expect(quantities((await page(c, `/vendor/${property.id}/request?lang=en`)).html)).toEqual([1])
  })

  test('belongs to one property: another property’s page starts empty', async () => {
    const a = await givenStorefront()
    const b = await givenStorefront()
    const c = app.client()
    await press(c, a.property.id, 'add', a.products[0]!.id)
    expect(quantities((await page(c, `/vendor/${b.property.id}/request?lang=en`)).html)).toEqual([])
  })
})

describe('sending the request', () => {
  async function filledCart(lang = 'en') {
    const store = await givenStorefront()
    const c = app.client()
    await c.get(`/vendor/${store.property.id}/request?lang=${lang}`)
    await press(c, store.property.id, 'add', store.products[0]!.id)
    await press(c, store.property.id, 'increase', store.products[0]!.id)
    await press(c, store.property.id, 'add', store.products[1]!.id)
    return { ...store, c, submit: (form: Record<string, string>) => c.postForm(`/vendor/${store.property.id}/request/submit`, { lang, ...form }) }
  }

  test('creates a pending request, empties the cart and shows the order number, a tracking link and Submit Another Request', async () => {
    const { property, organisation, c, submit } = await filledCart('es')
    const res = await submit({ vendorName: 'María López', website: '' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/vendor/${property.id}/request?lang=es&step=sent`)
    const { res: done } = await c.follow(res)
    const html = await done.text()
    expect(html).toContain('¡Solicitud enviada!')
    expect(html).toContain('ORD-000001')
    expect(html).toContain('Enviar otra solicitud')
    const track = html.match(/href="(\/track\/[\w-]+)"/)?.[1]
    expect(track).toBeDefined()

    const request = await db.productRequest.findFirstOrThrow({ where: { organisationId: organisation.id }, include: { items: { orderBy: { productName: 'asc' } } } })
    expect(request).toMatchObject({ status: 'pending', vendorName: 'María López', language: 'es', orderNumber: 'ORD-000001' })
    expect(request.items.map((i) => [i.productName, i.quantity])).toEqual([
      ['Hand Soap Refill', 2],
      ['Trash Bags 33 gal', 1],
    ])
    expect(await notificationsOf(organisation.id, 'new_request')).toHaveLength(1)

    const fresh = await page(c, `/vendor/${property.id}/request?lang=es`)
    expect(quantities(fresh.html)).toEqual([])
    expect(fresh.html).not.toContain('ORD-000001')

    const tracking = await page(app.client(), track!)
    expect(tracking.status).toBe(200)
    expect(tracking.html).toContain('<html lang="es"')
    expect(tracking.html).toContain('Solicitud ORD-000001')
    expect(tracking.html).toContain('Su solicitud fue recibida y está esperando a un repartidor.')
  })

  test('with an empty cart says Empty Cart, in the vendor’s language, and stores nothing', async () => {
    const { property, organisation } = await givenStorefront()
    const c = app.client()
    const res = await c.postForm(`/vendor/${property.id}/request/submit`, { lang: 'ru', vendorName: 'Иван' })
    expect(res.headers.get('location')).toBe(`/vendor/${property.id}/request?lang=ru`)
    const html = await (await c.follow(res)).res.text()
    expect(html).toContain('Корзина пуста')
    expect(await db.productRequest.count({ where: { organisationId: organisation.id } })).toBe(0)
  })

  test('without a name says Missing Information and keeps the cart', async () => {
    const { property, organisation, c, submit } = await filledCart()
    const res = await submit({ vendorName: '   ' })
    expect(res.headers.get('location')).toBe(`/vendor/${property.id}/request?lang=en&step=finalize&error=name`)
    const html = await (await c.follow(res)).res.text()
    expect(html).toContain('Missing Information')
    expect(html).toContain('Please enter your name.')
    expect(html).toContain('aria-invalid="true"')
    expect(html).toContain('3 items')
    expect(await db.productRequest.count({ where: { organisationId: organisation.id } })).toBe(0)
  })

  test('refuses a product switched off since it was added, and drops it from the cart', async () => {
    const { property, products, organisation, c, submit } = await filledCart()
    await db.product.update({ where: { id: products[1]!.id }, data: { isActive: false } })
    const res = await submit({ vendorName: 'Ana' })
    expect(res.headers.get('location')).toContain('step=finalize')
    // The page already stopped offering it; the request is refused, not sent without it.
    expect(await db.productRequest.count({ where: { organisationId: organisation.id } })).toBe(0)
    expect(quantities((await page(c, `/vendor/${property.id}/request?lang=en`)).html)).toEqual([2])
  })

  test('with the honeypot filled stores nothing and notifies no one', async () => {
    const { organisation, submit } = await filledCart()
    const res = await submit({ vendorName: 'Spam Bot', website: 'http://spam.example' })
    expect(res.status).toBe(302)
    expect(await db.productRequest.count({ where: { organisationId: organisation.id } })).toBe(0)
    expect(await notificationsOf(organisation.id, 'new_request')).toEqual([])
  })
})

describe('the tracking page', () => {
  async function sent(lang: string) {
    const { property, products, organisation } = await givenStorefront()
    const res = await app.client().post('/api/vendor/requests', {
      propertyId: property.id,
      vendorName: 'Olena',
      language: lang,
      requestedProducts: [{ productId: products[0]!.id, quantity: 1 }],
    })
    const body = await res.json()
    return { id: body.id as string, path: new URL(body.trackingUrl).pathname, organisation }
  }

  test('follows the request from received to delivered, in the vendor’s language', async () => {
    const { id, path, organisation } = await sent('uk')
    expect((await page(app.client(), path)).html).toContain('Вашу заявку отримано, вона чекає на кур&#x27;єра.')
    const runner = await db.runner.create({ data: { organisationId: organisation.id, name: 'R', phone: '1', tokenHash: 'x' } })
    const assignment = await db.runnerAssignment.create({ data: { organisationId: organisation.id, requestId: id, runnerId: runner.id } })
    expect((await page(app.client(), path)).html).toContain('Для вашої заявки призначено кур&#x27;єра.')
    await db.runnerAssignment.update({ where: { id: assignment.id }, data: { status: 'in_transit' } })
    expect((await page(app.client(), path)).html).toContain('Ваші товари вже в дорозі.')
    await db.runnerAssignment.update({ where: { id: assignment.id }, data: { status: 'delivered' } })
    expect((await page(app.client(), path)).html).toContain('Ваші товари доставлено.')
    // ?lang= overrides, for a vendor who shares the link with a colleague.
    expect((await page(app.client(), `${path}?lang=en`)).html).toContain('Your products have been delivered.')
  })

  test('is not cached, and a wrong token is a localised 404', async () => {
    const { path } = await sent('hi')
    const res = await app.client().get(path)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const wrong = await app.client().get(`${path.slice(0, -4)}AAAA?lang=hi`)
    expect(wrong.status).toBe(404)
    expect(await wrong.text()).toContain('अनुरोध नहीं मिला')
  })
})
