// Any /api path we do not serve: the JSON error contract, not the HTML 404 page, whatever the method.
import { acceptsMethods, errorJson } from '~/lib/http.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'api', callers: ['anonymous'], methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] }

export const loader = () => errorJson('Not found', 404)
export const action = acceptsMethods(() => errorJson('Not found', 404), ['POST', 'PUT', 'PATCH', 'DELETE'])
