import { apiLoader } from '~/lib/http.server'
import { env } from '~/lib/env.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['anonymous'],
  methods: ['GET', 'HEAD'],
  operations: [
    { method: 'GET', summary: 'Public configuration' },
  ],
}

// The maps key is meant for browsers (restricted by referrer at the provider), so it is public.
export const loader = apiLoader(async () => ({ googleMapsApiKey: env().GOOGLE_MAPS_API_KEY ?? null }))
