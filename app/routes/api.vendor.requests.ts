// POST /api/vendor/requests (spec §7): a vendor's request as JSON. Public; answers 201 with the
// order number and the vendor's tracking link, or 400 with the spec's messages.
import { z } from 'zod'
import { VENDOR_LANGUAGE_CODES } from '~/i18n/config'
import { Invalid } from '~/lib/errors'
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { requestInputSchema, sendVendorRequest } from '~/models/request-intake.server'

export const VendorRequestBody = requestInputSchema('vendor').extend({
  status: z.literal('pending', { error: 'A vendor request always starts as pending' }).optional(),
  language: z.enum(VENDOR_LANGUAGE_CODES as [string, ...string[]]).optional(),
  // The same trap as the page's form, for scripts that copy its fields.
  website: z.string().optional(),
})


export const action = apiAction(async ({ request }) => {
  if (request.method !== 'POST') methodNotAllowed()
  const body = await readJson(request, VendorRequestBody)
  if (body.website) throw new Invalid('Request refused')
  const { request: created, trackingToken, handoverCode } = await sendVendorRequest(body, { language: body.language })
  return {
    id: created.id,
    orderNumber: created.orderNumber,
    status: created.status,
    trackingUrl: `${publicOrigin(request)}/track/${trackingToken}`,
    // Only the submitter ever sees it: the runner asks for it at the door.
    handoverCode,
  }
})
