// GET /api/openapi.json: the API described as OpenAPI 3.1, built from the routes' contracts and the
// schemas they validate with (decision 121).
import type { AppLoadContext } from '@remix-run/node'
import { apiLoader } from '~/lib/http.server'
import { openApiDocument } from '~/areas/integrations/openapi'
import { publicOrigin } from '~/lib/public-url.server'
import { routeContractsOf, type RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['anonymous'],
  methods: ['GET', 'HEAD'],
  operations: [{ method: 'GET', summary: 'This document' }],
}

/** The document as this server describes itself; /docs/api renders the same one. */
export const apiDocument = async (request: Request, context: AppLoadContext) => openApiDocument(publicOrigin(request), await routeContractsOf(context))

export const loader = apiLoader(async ({ request, context }) => apiDocument(request, context))
