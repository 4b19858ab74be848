import { apiLoader } from '~/lib/http.server'
import { currentUserView } from '~/areas/people/signed-in-manager.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'The signed-in manager' },
  ],
}

export const loader = apiLoader(async ({ request }) => currentUserView(await requireApiManager(request, contract)))
