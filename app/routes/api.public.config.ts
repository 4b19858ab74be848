import { apiLoader } from '~/lib/http.server'
import { env } from '~/lib/env.server'

// The maps key is meant for browsers (restricted by referrer at the provider), so it is public.
export const loader = apiLoader(async () => ({ googleMapsApiKey: env().GOOGLE_MAPS_API_KEY ?? null }))
