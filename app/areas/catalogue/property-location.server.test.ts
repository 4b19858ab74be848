import { afterEach, describe, expect, test, vi } from 'vitest'
import { db } from '~/lib/db.server'
import { mockCoordinates, MOCK_GEOCODE_DENIED_KEY } from '../../../tests/mocks/geocode'
import { DEFAULT_CENTRE, geocodePendingProperties, locateProperties } from './property-location.server'

async function givenOrganisation() {
  return db.organisation.create({ data: { name: 'Geo Org' } })
}

async function givenProperties(orgId: string, addresses: string[]) {
  const properties = []
  for (const [i, address] of addresses.entries()) {
    properties.push(await db.property.create({ data: { organisationId: orgId, name: `P${i}`, address, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) } }))
  }
  return properties
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

describe('where a property is on the map', () => {
  test('is geocoded once on the server; a page only reads, and the primary’s job keeps it on the property', async () => {
    vi.stubEnv('GOOGLE_MAPS_API_KEY', 'test-key')
    const org = await givenOrganisation()
    const [a, b] = await givenProperties(org.id, ['1 Harbor Way, Boston', '2 Beacon St, Boston'])
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const first = await locateProperties(org.id, [a!.id, b!.id])
    expect(first.get(a!.id)).toEqual({ ...mockCoordinates('1 Harbor Way, Boston'), geocoded: true })
    expect(first.get(b!.id)).toEqual({ ...mockCoordinates('2 Beacon St, Boston'), geocoded: true })
    expect(fetchSpy).toHaveBeenCalledTimes(2)
    // Showing the map wrote nothing (any machine may be a read-only replica)…
    expect(await db.property.findUniqueOrThrow({ where: { id: a!.id } })).toMatchObject({ latitude: null, geocodedAddress: null })
    // …the primary's job stores what was looked up, without asking the provider again.
    expect(await geocodePendingProperties()).toBeGreaterThanOrEqual(2)
    expect(fetchSpy).toHaveBeenCalledTimes(2)
    const stored = await db.property.findUniqueOrThrow({ where: { id: a!.id } })
    expect(stored.geocodedAddress).toBe('1 Harbor Way, Boston')
    expect(stored.latitude).toBeCloseTo(mockCoordinates('1 Harbor Way, Boston').lat, 9)
    expect(stored.longitude).toBeCloseTo(mockCoordinates('1 Harbor Way, Boston').lng, 9)
    // Later views read the stored position: no second lookup.
    const again = await locateProperties(org.id, [a!.id, b!.id])
    for (const [id, at] of first) {
      expect(again.get(id)!.lat).toBeCloseTo(at.lat, 9)
      expect(again.get(id)!.lng).toBeCloseTo(at.lng, 9)
      expect(again.get(id)!.geocoded).toBe(true)
    }
    expect(fetchSpy).toHaveBeenCalledTimes(2)
  })

  test('a changed address is looked up again', async () => {
    vi.stubEnv('GOOGLE_MAPS_API_KEY', 'test-key')
    const org = await givenOrganisation()
    const [a] = await givenProperties(org.id, ['10 Old Road, Boston'])
    await locateProperties(org.id, [a!.id])
    await geocodePendingProperties()
    await db.property.update({ where: { id: a!.id }, data: { address: '20 New Road, Boston' } })
    expect((await locateProperties(org.id, [a!.id])).get(a!.id)).toEqual({ ...mockCoordinates('20 New Road, Boston'), geocoded: true })
  })

  test('without a key, or when the address is not found, falls back to the default centre offset by its index', async () => {
    const org = await givenOrganisation()
    const [first, second, third] = await givenProperties(org.id, ['1 A St', '2 Nowhere Lane', '3 C St'])
    vi.stubEnv('GOOGLE_MAPS_API_KEY', '')
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const noKey = await locateProperties(org.id, [third!.id, first!.id])
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(noKey.get(first!.id)).toEqual({ lat: DEFAULT_CENTRE.lat, lng: DEFAULT_CENTRE.lng, geocoded: false })
    expect(noKey.get(third!.id)!.lat).toBeCloseTo(DEFAULT_CENTRE.lat + 0.02, 10)
    expect(noKey.get(third!.id)!.lng).toBeCloseTo(DEFAULT_CENTRE.lng + 0.03, 10)

    vi.stubEnv('GOOGLE_MAPS_API_KEY', 'test-key')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const located = await locateProperties(org.id, [second!.id])
    expect(located.get(second!.id)).toEqual({ lat: DEFAULT_CENTRE.lat + 0.01, lng: DEFAULT_CENTRE.lng + 0.015, geocoded: false })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ZERO_RESULTS'))
    // "Not found" will not change by asking again: it is remembered (stored by the primary's job).
    await geocodePendingProperties()
    expect(await db.property.findUniqueOrThrow({ where: { id: second!.id } })).toMatchObject({ latitude: null, geocodedAddress: '2 Nowhere Lane' })
    fetchSpy.mockClear()
    await locateProperties(org.id, [second!.id])
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  test('a refused key is not remembered against the property, so a fixed key geocodes it', async () => {
    vi.stubEnv('GOOGLE_MAPS_API_KEY', MOCK_GEOCODE_DENIED_KEY)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const org = await givenOrganisation()
    const [a] = await givenProperties(org.id, ['5 Refused Road, Boston'])
    expect((await locateProperties(org.id, [a!.id])).get(a!.id)!.geocoded).toBe(false)
    await geocodePendingProperties()
    expect(await db.property.findUniqueOrThrow({ where: { id: a!.id } })).toMatchObject({ geocodedAddress: null })
  })

  test("ignores another organisation's properties", async () => {
    const mine = await givenOrganisation()
    const theirs = await givenOrganisation()
    const [other] = await givenProperties(theirs.id, ['9 Elsewhere'])
    expect((await locateProperties(mine.id, [other!.id])).size).toBe(0)
  })
})
