// The Google Geocoding API, mocked: every address lands at a stable point in Manhattan derived from
// its text, an address containing "nowhere" is not found, and the key "invalid-key" is refused.
import { http, HttpResponse } from 'msw'
import { GEOCODE_URL } from '../../app/lib/geocode.server'

export const MOCK_GEOCODE_DENIED_KEY = 'invalid-key'

/** Where the mock puts an address: the same text always gives the same point, within ~0.05°. */
export function mockCoordinates(address: string) {
  let hash = 0
  for (const ch of address) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  return { lat: 40.73 + (hash % 1000) / 20_000, lng: -74.0 + ((hash >>> 10) % 1000) / 20_000 }
}

export const geocodeHandlers = [
  http.get(GEOCODE_URL, ({ request }) => {
    const url = new URL(request.url)
    const address = url.searchParams.get('address') ?? ''
    if (url.searchParams.get('key') === MOCK_GEOCODE_DENIED_KEY) {
      return HttpResponse.json({ status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] })
    }
    if (!address.trim() || /nowhere/i.test(address)) return HttpResponse.json({ status: 'ZERO_RESULTS', results: [] })
    return HttpResponse.json({
      status: 'OK',
      results: [{ formatted_address: `${address} (mock)`, geometry: { location: mockCoordinates(address) } }],
    })
  }),
]
