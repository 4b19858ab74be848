import { describe, expect, test } from 'vitest'
import { geocodeMessage } from './google-maps.client'

describe('the address preview explains a failed lookup (spec §8)', () => {
  test.each([
    ['REQUEST_DENIED', 'The key is restricted', 'API Configuration Error: The key is restricted'],
    ['OVER_QUERY_LIMIT', undefined, 'API quota exceeded. Please check your Google Maps API usage limits.'],
    ['ZERO_RESULTS', undefined, 'Address not found. Please try a more specific address.'],
    ['INVALID_REQUEST', undefined, 'Invalid address format. Please enter a valid address.'],
    ['UNKNOWN_ERROR', 'Server hiccup', 'Geocoding failed: UNKNOWN_ERROR - Server hiccup'],
    [undefined, undefined, 'Network error: Unable to connect to Google Maps API. Please check your internet connection.'],
  ])('%s', (status, detail, message) => {
    expect(geocodeMessage(status, detail)).toBe(message)
  })
})
