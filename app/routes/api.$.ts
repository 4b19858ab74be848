// Any /api path we do not serve: the JSON error contract, not the HTML 404 page, whatever the method.
import { acceptsMethods, errorJson } from '~/lib/http.server'

export const loader = () => errorJson('Not found', 404)
export const action = acceptsMethods(() => errorJson('Not found', 404), ['POST', 'PUT', 'PATCH', 'DELETE'])
