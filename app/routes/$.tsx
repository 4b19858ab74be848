import type { MetaFunction } from '@remix-run/node'
import { NotFoundScreen } from '~/ui/not-found-screen'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['anonymous'], methods: ['GET', 'HEAD'] }

export const meta: MetaFunction = () => [{ title: 'Page Not Found · Stockrun' }]

export async function loader() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return <NotFoundScreen />
}

export function ErrorBoundary() {
  return <NotFoundScreen />
}
