/// <reference types="google.maps" />
// The Maps JavaScript API in the browser, loaded once on demand. Everything here may fail (no key,
// blocked script, bad key): callers treat a rejection as "no maps" and keep their plain inputs.
import { importLibrary, setOptions } from '@googlemaps/js-api-loader'

const GIVE_UP_MS = 10_000

export type MapsLibraries = {
  maps: google.maps.MapsLibrary
  places: google.maps.PlacesLibrary
  geocoding: google.maps.GeocodingLibrary
  marker: google.maps.MarkerLibrary
}

let loading: Promise<MapsLibraries> | undefined
let configured = false
let authFailed = false
const authListeners = new Set<() => void>()

declare global {
  interface Window {
    gm_authFailure?: () => void
  }
}

/** Loads the libraries the address preview needs; a slow script counts as failed after 10 s (spec §9). */
export function loadMaps(key: string): Promise<MapsLibraries> {
  if (authFailed) return Promise.reject(new Error('AuthFailure'))
  loading ??= (async () => {
    // The API calls this global when the key is refused, after the script itself loaded fine.
    window.gm_authFailure = () => {
      authFailed = true
      for (const listener of authListeners) listener()
    }
    // The loader takes its options once per page; a retry after a failed load reuses them.
    if (!configured) setOptions({ key, v: 'weekly' })
    configured = true
    const libraries = Promise.all([importLibrary('maps'), importLibrary('places'), importLibrary('geocoding'), importLibrary('marker')])
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('The maps script did not load in time')), GIVE_UP_MS))
    const [maps, places, geocoding, marker] = await Promise.race([libraries, timeout])
    return { maps, places, geocoding, marker }
  })()
  // A failed load is retried by the next caller (another page visit), not remembered forever.
  loading.catch((err) => {
    console.error('Could not load the Google Maps script', err)
    loading = undefined
  })
  return loading
}

/** Runs `listener` when the key is refused (the API's AuthFailure); answers the unsubscribe. */
export function onMapsAuthFailure(listener: () => void) {
  if (authFailed) listener()
  authListeners.add(listener)
  return () => void authListeners.delete(listener)
}

export type GeocodeResult = { ok: true; lat: number; lng: number } | { ok: false; message: string }

const cache = new Map<string, Promise<GeocodeResult>>()

/** Spec §8's 'Map Preview Error' texts, by the geocoder's status. */
export function geocodeMessage(status: string | undefined, detail?: string) {
  switch (status) {
    case undefined:
      return 'Network error: Unable to connect to Google Maps API. Please check your internet connection.'
    case 'REQUEST_DENIED':
      return `API Configuration Error: ${detail || 'the request was denied.'}`
    case 'OVER_QUERY_LIMIT':
      return 'API quota exceeded. Please check your Google Maps API usage limits.'
    case 'ZERO_RESULTS':
      return 'Address not found. Please try a more specific address.'
    case 'INVALID_REQUEST':
      return 'Invalid address format. Please enter a valid address.'
    default:
      return `Geocoding failed: ${status} - ${detail ?? ''}`.trim()
  }
}

/** Geocodes an address once per page life; repeated previews of the same address cost nothing. */
export function geocodeAddress(libs: MapsLibraries, address: string): Promise<GeocodeResult> {
  const key = address.trim().toLowerCase()
  let found = cache.get(key)
  if (!found) {
    found = new libs.geocoding.Geocoder().geocode({ address }).then(
      ({ results }): GeocodeResult => {
        const location = results[0]?.geometry.location
        return location ? { ok: true, lat: location.lat(), lng: location.lng() } : { ok: false, message: 'Address not found or geocoding failed' }
      },
      (err: { code?: string; message?: string } | undefined): GeocodeResult => {
        // Without a status nothing answered: try again next time rather than remember the failure.
        if (!err?.code) cache.delete(key)
        return { ok: false, message: geocodeMessage(err?.code, err?.message) }
      },
    )
    cache.set(key, found)
  }
  return found
}
