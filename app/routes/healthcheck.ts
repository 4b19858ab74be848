import { json } from '@remix-run/node'
import { databaseAnswers } from '~/areas/organisation/health.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'resource', callers: ['anonymous'], methods: ['GET', 'HEAD'] }

export async function loader() {
  const ok = await databaseAnswers()
  return json({ status: ok ? 'ok' : 'database unavailable' }, { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
}
