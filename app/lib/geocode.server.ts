// Addresses to coordinates through the Google Geocoding REST API. The server does it (once per
// property, cached by app/models/property-location.server.ts) so no browser repeats the lookup.
import { z } from 'zod'

export const GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json'

const GeocodeEnv = z.object({ GOOGLE_MAPS_API_KEY: z.string().trim().min(1).optional().catch(undefined) })

/** The key, if configured; without it nothing is geocoded and maps use the fallback positions. */
export function geocodingKey() {
  return GeocodeEnv.parse(process.env).GOOGLE_MAPS_API_KEY ?? null
}

const GeocodeAnswer = z.object({
  status: z.string(),
  error_message: z.string().optional(),
  results: z
    .array(
      z.object({
        formatted_address: z.string().optional(),
        geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
      }),
    )
    .default([]),
})

export type GeocodeResult =
  | { ok: true; lat: number; lng: number; formattedAddress: string | null }
  | { ok: false; status: string; message: string }

/** Never throws: a failure is an answer the caller stores or falls back from. */
export async function geocodeAddress(address: string, key: string, timeoutMs = 5000): Promise<GeocodeResult> {
  const url = new URL(GEOCODE_URL)
  url.searchParams.set('address', address)
  url.searchParams.set('key', key)
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
    if (!res.ok) return { ok: false, status: `HTTP_${res.status}`, message: res.statusText }
    const answer = GeocodeAnswer.parse(await res.json())
    const first = answer.results[0]
    if (answer.status !== 'OK' || !first) {
      return { ok: false, status: answer.status, message: answer.error_message ?? 'Address not found or geocoding failed' }
    }
    return { ok: true, ...first.geometry.location, formattedAddress: first.formatted_address ?? null }
  } catch (err) {
    return { ok: false, status: 'NETWORK_ERROR', message: err instanceof Error ? err.message : String(err) }
  }
}
