import { apiLoader } from '~/lib/http.server'
import { currentUserView } from '~/models/signed-in-manager.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => currentUserView(await requireApiManager(request)))
