// Any /api path we do not serve: the JSON error contract, not the HTML 404 page.
import { errorJson } from '~/lib/http.server'

export const loader = () => errorJson('Not found', 404)
export const action = () => errorJson('Not found', 404)
