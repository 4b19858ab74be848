// POST /api/vendor/requests (spec §7): a vendor's request as JSON. Public; answers 201 with the
// order number and the vendor's tracking link, or 400 with the spec's messages.
// In production and tests the Express server answers it through the direct JSON lane (decision
// 064) by calling `directJsonAction` below; Remix's action gives the same answer the same way.
import { z } from 'zod'
import { VENDOR_LANGUAGE_CODES } from '~/i18n/config'
import { Invalid } from '~/lib/errors'
import { apiAction, directJson, parseWith, readJsonBody } from '~/lib/http.server'
import { publicOriginFrom } from '~/lib/public-url.server'
import { createRequest, requestInputSchema } from '~/areas/requests/request-intake.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const VendorRequestBody = requestInputSchema('vendor').extend({
  status: z.literal('pending', { error: 'A vendor request always starts as pending' }).optional(),
  language: z.enum(VENDOR_LANGUAGE_CODES as [string, ...string[]]).optional(),
  // The same trap as the page's form, for scripts that copy its fields.
  website: z.string().optional(),
})

async function sendFromJson({ body, origin }: { body: unknown; origin: string }) {
  const input = parseWith(VendorRequestBody, body)
  if (input.website) throw new Invalid('Request refused')
  const { request: created, trackingToken, handoverCode } = await createRequest(null, input, { source: 'vendor', language: input.language })
  return {
    id: created.id,
    orderNumber: created.orderNumber,
    status: created.status,
    trackingUrl: `${publicOriginFrom(origin)}/track/${trackingToken}`,
    // Only the submitter ever sees it: the runner asks for it at the door.
    handoverCode,
  }
}

export const directJsonAction = directJson(sendFromJson)

export const contract: RouteContract = {
  kind: 'api',
  callers: ['anonymous'],
  methods: ['POST'],
  operations: [
    { method: 'POST', summary: 'Send a request as a vendor', body: VendorRequestBody },
  ],
}

export const action = apiAction(async ({ request }) => sendFromJson({ body: await readJsonBody(request), origin: new URL(request.url).origin }))
