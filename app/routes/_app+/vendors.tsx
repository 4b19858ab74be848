// Spec §2.1: /vendors shows the dashboard view.
import Dashboard from './_index'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['manager'], methods: ['GET', 'HEAD'], permission: 'work' }

export { loader, meta, shouldRevalidate } from './_index'
export default Dashboard
