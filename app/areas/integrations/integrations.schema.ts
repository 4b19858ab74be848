// Inputs for API keys and webhooks (issue 17), shared by the /api routes, Settings forms and OpenAPI.
import { z } from 'zod'
import { API_SCOPES } from '~/areas/organisation/route-contract'
import { requiredText } from '~/lib/common.schema'

const scopeList = z
  .array(z.enum(API_SCOPES, { error: `A scope is one of: ${API_SCOPES.join(', ')}` }), { error: 'Choose at least one scope' })
  .min(1, 'Choose at least one scope')

export const ApiKeyInput = z.object({
  name: requiredText('Name the key', 100),
  scopes: scopeList,
})

export const WEBHOOK_EVENTS = ['request.created', 'request.status_changed', 'assignment.delivered', 'invoice.sent', 'request.overdue', 'stock.low', 'purchase_order.received'] as const
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]

export const WebhookInput = z.object({
  url: z.string({ error: 'Webhook URL is required' }).trim().max(2000).regex(/^https?:\/\/[^\s/]+/i, 'Enter a full http(s) URL'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `An event is one of: ${WEBHOOK_EVENTS.join(', ')}` }), { error: 'Choose at least one event' })
    .min(1, 'Choose at least one event'),
})
