import { apiLoader } from '~/lib/http.server'
import { currentUserView } from '~/models/user.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => currentUserView(await requireApiManager(request)))
