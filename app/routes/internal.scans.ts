// POST /internal/scans: a replica hands the primary the QR scans it counted (app/jobs/scan-relay.server.ts).
// Reached over Fly's private network, signed with the shared session secret; never by a browser.
import { json, type ActionFunctionArgs } from '@remix-run/node'
import { errorJson } from '~/lib/http.server'
import { ScanBatch, recordScanBatch } from '~/areas/catalogue/scan.server'
import { RELAY_SIGNATURE_HEADER, verifyRelaySignature } from '~/lib/primary-relay.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'resource', callers: ['internal'], methods: ['POST'] }

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return errorJson('Method not allowed', 405)
  const body = await request.text()
  if (!verifyRelaySignature(body, request.headers.get(RELAY_SIGNATURE_HEADER))) return errorJson('Invalid authentication token', 401)
  let parsed
  try {
    parsed = ScanBatch.safeParse(JSON.parse(body))
  } catch {
    parsed = null
  }
  if (!parsed?.success) return errorJson('Invalid scan batch', 400)
  return json({ stored: await recordScanBatch(parsed.data) })
}
