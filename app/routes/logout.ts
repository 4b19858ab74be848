import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { endManagerSession } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'resource', callers: ['anonymous'], methods: ['GET', 'HEAD', 'POST'] }

export async function loader() {
  return redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  return endManagerSession(request)
}
