// Issue 29 on the vendor page as a phone without JavaScript uses it: the property's questions asked
// in the vendor's language, urgent, needed by and photos posted with the form; refusals come back
// as messages in that language with the cart and what was typed kept.
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { replaceRequestFields } from '~/areas/requests/request-fields.server'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { sidewaysPhoto } from '../../../tests/fixtures/images'
import { withTestServer } from '../../../tests/support/server'
import type { TestClient } from '../../../tests/support/client'
import { costCentreQuestion, roomQuestion, visitDateQuestion } from '../../../tests/fixtures/request-fields'

const app = withTestServer()

const QUESTIONS = { fields: [roomQuestion, visitDateQuestion, costCentreQuestion] }

async function givenAskingStorefront() {
  const storefront = await givenStorefront()
  await replaceRequestFields(storefront.organisation.id, storefront.property.id, QUESTIONS)
  return storefront
}

async function withCart(c: TestClient, propertyId: string, productId: string) {
  await c.postForm(`/vendor/${propertyId}/request`, { intent: 'add', productId, lang: 'uk' })
}

function send(c: TestClient, propertyId: string, fields: Record<string, string>, files: Array<{ bytes: Buffer; name: string; type: string }> = []) {
  const form = new FormData()
  form.set('lang', 'uk')
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const f of files) form.append('photo', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name)
  return c.fetch(`/vendor/${propertyId}/request/submit`, { method: 'POST', body: form })
}

async function finalize(c: TestClient, propertyId: string) {
  return (await c.get(`/vendor/${propertyId}/request?lang=uk&step=finalize`)).text()
}

describe('the finalize step asks the property’s questions', () => {
  test('in the vendor’s language, English where a label is missing, with urgent, needed by and photos', async () => {
    const { property, products } = await givenAskingStorefront()
    const c = app.client()
    await withCart(c, property.id, products[0]!.id)
    const html = await finalize(c, property.id)
    expect(html).toContain('Кімната')
    expect(html).toContain('Басейн')
    expect(html).toContain('Дата візиту')
    expect(html).toContain('Cost centre (необов’язково)')
    expect(html).toContain('Це терміново')
    expect(html).toContain('name="neededBy"')
    expect(html).toContain('type="file"')
    // HTML attribute names ignore case; React writes this one as encType.
    expect(html.toLowerCase()).toContain('enctype="multipart/form-data"')
  })

  test('a Ukrainian vendor answers, attaches a photo, marks it urgent and sends; the request holds it all, the photo without EXIF or GPS', async () => {
    const { organisation, property, products } = await givenAskingStorefront()
    await db.organisation.update({ where: { id: organisation.id }, data: { timeZone: 'Europe/Kyiv' } })
    const c = app.client()
    await withCart(c, property.id, products[0]!.id)
    const res = await send(
      c,
      property.id,
      { vendorName: 'Олена', 'field.room': 'pool', 'field.visit_date': '2026-12-03', urgent: 'on', neededBy: '2026-12-03T09:30' },
      [{ bytes: await sidewaysPhoto(), name: 'IMG_0001.jpg', type: 'image/jpeg' }],
    )
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toContain('step=sent')
    const stored = await db.productRequest.findFirstOrThrow({ where: { organisationId: organisation.id } })
    expect(stored.urgent).toBe(true)
    expect(stored.neededBy?.toISOString()).toBe('2026-12-03T07:30:00.000Z')
    expect(JSON.parse(stored.fieldAnswers!)).toEqual([
      { key: 'room', label: 'Room', type: 'select', value: 'pool', text: 'Pool' },
      { key: 'visit_date', label: 'Visit date', type: 'date', value: '2026-12-03', text: '2026-12-03' },
    ])
    const [photo] = JSON.parse(stored.photos!)
    const bytes = Buffer.from(await (await c.get(photo.imageUrl)).arrayBuffer())
    const meta = await sharp(bytes).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.exif).toBeUndefined()
    expect(bytes.includes(Buffer.from('GPS'))).toBe(false)
  })
})

describe('a refusal comes back in the vendor’s language, the cart and what was typed kept', () => {
  test('a missing required answer', async () => {
    const { property, products } = await givenAskingStorefront()
    const c = app.client()
    await withCart(c, property.id, products[0]!.id)
    const res = await send(c, property.id, { vendorName: 'Олена', 'field.room': 'pool', 'field.cost_centre': 'CC-7', urgent: 'on' })
    expect(res.headers.get('location')).toContain('step=finalize')
    const html = await finalize(c, property.id)
    expect(html).toContain('Будь ласка, дайте відповідь на це питання.')
    expect(html).toContain('value="Олена"')
    expect(html).toContain('value="CC-7"')
    expect(html).toMatch(/<option value="pool" selected="">/)
    expect(html).toMatch(/name="urgent"[^>]*checked=""|checked=""[^>]*name="urgent"/)
    expect(html).toContain(products[0]!.name)
    expect(await db.productRequest.count({ where: { propertyId: property.id } })).toBe(0)
  })

  test('a text file named .jpg, and a 20 MB file', async () => {
    const { property, products } = await givenAskingStorefront()
    const c = app.client()
    await withCart(c, property.id, products[0]!.id)
    const typed = { vendorName: 'Олена', 'field.room': 'lobby', 'field.visit_date': '2026-12-03' }
    await send(c, property.id, typed, [{ bytes: Buffer.from('not a picture at all\n'), name: 'photo.jpg', type: 'image/jpeg' }])
    let html = await finalize(c, property.id)
    expect(html).toContain('Цей файл не є фото.')
    expect(html).toContain('value="Олена"')
    expect(html).toMatch(/<option value="lobby" selected="">/)
    expect(html).toContain('value="2026-12-03"')

    await send(c, property.id, typed, [{ bytes: Buffer.alloc(20 * 1024 * 1024, 1), name: 'huge.jpg', type: 'image/jpeg' }])
    html = await finalize(c, property.id)
    expect(html).toContain('Це фото більше за 15 МБ.')
    expect(html).toContain('value="Олена"')
    expect(html).toContain(products[0]!.name)
    expect(await db.productRequest.count({ where: { propertyId: property.id } })).toBe(0)
  })

  test('a good photo is kept while an answer is missing, and goes with the request once it is given', async () => {
    const { organisation, property, products } = await givenAskingStorefront()
    const c = app.client()
    await withCart(c, property.id, products[0]!.id)
    await send(c, property.id, { vendorName: 'Олена', 'field.room': 'lobby' }, [{ bytes: await sidewaysPhoto(), name: 'a.jpg', type: 'image/jpeg' }])
    const html = await finalize(c, property.id)
    const kept = /name="keptPhoto"[^>]*value="([^"]+)"/.exec(html)?.[1]
    expect(kept).toBeTruthy()
    const res = await send(c, property.id, { vendorName: 'Олена', 'field.room': 'lobby', 'field.visit_date': '2026-12-04', keptPhoto: kept! })
    expect(res.headers.get('location')).toContain('step=sent')
    const stored = await db.productRequest.findFirstOrThrow({ where: { organisationId: organisation.id } })
    expect(JSON.parse(stored.photos!)).toHaveLength(1)
  })
})
