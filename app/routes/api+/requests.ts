// GET /api/requests: the organisation's requests a page at a time (keyset: `?cursor=` from the
// X-Next-Cursor header or the Link header's rel="next"), urgent ones first, then the soonest needed
// (none last), then the newest (issue 34); `?sort=newest` or `?sort=oldest` orders them by when they
// came in instead (a cursor belongs to its order). Optional `?status=` (a status, "all" for every
// status but archived, or a comma-separated list), `?q=`, `?limit=`, `?urgent=true` (only urgent requests).
// `?format=csv` answers the whole matching list as a CSV download instead; it is a plain link, so it
// works without JavaScript and streams page by page however many requests match.
// POST /api/requests: a manager enters a request (201 with the request).
import { z } from 'zod'
import { csvStream } from '~/lib/csv'
import { apiAction, apiLoader, methodNotAllowed, nextPageHeaders, parseWith, readJson } from '~/lib/http.server'
import { createRequest, requestInputSchema } from '~/areas/requests/request-intake.server'
import { findRequest, parseStatusParam } from '~/areas/requests/request.server'
import { listRequests, MAX_PAGE_SIZE, RequestSortInput } from '~/areas/requests/request-list.server'
import { requestsCsv } from '~/areas/requests/request-csv.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { dayIn } from '~/areas/insights/stats.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/requests/request-answer.schema'

export const ListQuery = z.object({
  status: z.string().max(100).optional(),
  q: z.string().max(200, 'Search must be at most 200 characters').optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1).max(MAX_PAGE_SIZE).default(100),
  format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).default('json'),
  urgent: z.enum(['true', 'false'], { error: 'Urgent must be true or false' }).optional(),
  sort: RequestSortInput.default('urgent'),
})

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'POST'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'List requests (JSON pages or ?format=csv)', scope: 'requests:read', query: ListQuery, csv: true, response: z.array(answer.RequestAnswer) },
    { method: 'POST', summary: 'Enter a request', scope: 'requests:write', body: requestInputSchema('manager'), response: answer.RequestAnswer },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  const url = new URL(request.url)
  const query = parseWith(ListQuery, Object.fromEntries(url.searchParams))
  const filter = { statuses: parseStatusParam(query.status), q: query.q, urgent: query.urgent === 'true', sort: query.sort }

  if (query.format === 'csv') {
    // Times read on the organisation's clock, with its offset, as everywhere else it sees them.
    const timeZone = await organisationTimeZone(manager.orgId)
    return csvStream(requestsCsv(manager.orgId, filter, timeZone), `requests-${dayIn(timeZone).date}.csv`)
  }

  const page = await listRequests(manager.orgId, { ...filter, cursor: query.cursor, limit: query.limit })
  const headers = nextPageHeaders(url, page.nextCursor)
  return Response.json(page.requests, { headers })
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'POST') methodNotAllowed()
  const input = await readJson(request, requestInputSchema('manager'))
  const { request: created } = await createRequest(manager.orgId, input, { source: 'manager' })
  return findRequest(manager.orgId, created.id)
})
