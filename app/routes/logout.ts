import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { endManagerSession } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'

export const contract: RouteContract = { kind: 'resource', callers: ['anonymous'], methods: ['GET', 'HEAD', 'POST'] }

export async function loader() {
  return redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  return endManagerSession(request)
}
