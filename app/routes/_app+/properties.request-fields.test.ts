// A property's questions for vendors from the property page, without JavaScript (plain form posts).
import { describe, expect, test } from 'vitest'
import { requestFieldsOf } from '~/areas/requests/request-fields.server'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStockedSite } from '../../../tests/fixtures/requests'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

let serial = 0
async function manager() {
  const email = `fields-page-${++serial}@x.test`
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  const { property } = await givenStockedSite(org.id, ['Towels'])
  return { client, orgId: org.id, property }
}

describe('questions for vendors on the property page', () => {
  test('a manager adds a required choice with translations and a date, orders them, sees them, then removes one', async () => {
    const { client, orgId, property } = await manager()
    const save = await client.postForm(`/properties?edit=${property.id}`, {
      intent: 'request-fields',
      id: property.id,
      'q.0.order': '2',
      'q.0.key': 'visit_date',
      'q.0.type': 'date',
      'q.0.label.en': 'Visit date',
      'q.0.label.uk': 'Дата візиту',
      'q.1.order': '1',
      'q.1.key': 'room',
      'q.1.type': 'select',
      'q.1.required': 'on',
      'q.1.label.en': 'Room',
      'q.1.label.uk': 'Кімната',
      'q.1.options': 'lobby | Lobby | Vestíbulo | | | | Вестибюль\npool',
    })
    expect(save.status).toBe(302)
    const { fields } = await requestFieldsOf(orgId, property.id)
    expect(fields).toEqual([
      {
        key: 'room',
        type: 'select',
        required: true,
        labels: { en: 'Room', uk: 'Кімната' },
        options: [
          { value: 'lobby', labels: { en: 'Lobby', es: 'Vestíbulo', uk: 'Вестибюль' } },
          { value: 'pool', labels: { en: 'pool' } },
        ],
      },
      { key: 'visit_date', type: 'date', required: false, labels: { en: 'Visit date', uk: 'Дата візиту' } },
    ])
    const page = await (await client.get(`/properties?edit=${property.id}`)).text()
    expect(page).toContain('Questions for vendors')
    expect(page).toContain('Question 1: Room')
    expect(page).toMatch(/lobby \| Lobby \| Vestíbulo \|\s+\|\s+\|\s+\| Вестибюль/)

    await client.postForm(`/properties?edit=${property.id}`, { intent: 'request-fields', id: property.id, 'q.0.key': 'room', 'q.0.type': 'select', 'q.0.label.en': 'Room', 'q.0.options': 'pool', 'q.0.remove': 'on', 'q.1.key': 'visit_date', 'q.1.type': 'date', 'q.1.label.en': 'Visit date' })
    expect((await requestFieldsOf(orgId, property.id)).fields.map((f) => f.key)).toEqual(['visit_date'])
  })

  test('a bad key says why in a toast and changes nothing', async () => {
    const { client, orgId, property } = await manager()
    const res = await client.postForm(`/properties?edit=${property.id}`, { intent: 'request-fields', id: property.id, 'q.0.key': 'Room Number', 'q.0.type': 'text', 'q.0.label.en': 'Room' })
    const { res: page } = await client.follow(res)
    expect(await page.text()).toContain('Failed to save the questions.')
    expect((await requestFieldsOf(orgId, property.id)).fields).toEqual([])
  })
})
