// GET /api/openapi.json: the API described as OpenAPI 3.1, built from the schemas the routes validate with.
import { ImportQuery } from '~/lib/csv-upload.server'
import { apiLoader } from '~/lib/http.server'
import { openApiDocument, type OperationSchemas } from '~/lib/openapi'
import { publicOrigin } from '~/lib/public-url.server'
import { AssignInput, ProofInput, RunnerInput, StatusInput } from '~/lib/schemas/dispatch'
import { ApiKeyInput, WebhookInput } from '~/lib/schemas/integrations'
import { InvoiceEmailInput, InvoiceFromRequestsInput, InvoiceInput, InvoiceStatusInput } from '~/lib/schemas/invoice'
import { AuditQuery } from '~/lib/schemas/audit-log'
import { ProductInput, ProductPatch } from '~/lib/schemas/product'
import { AssignProductInput, PropertyInput, PropertyUpdate } from '~/lib/schemas/property'
import { ParLevelInput } from '~/lib/schemas/reorder'
import { RequestFieldsInput } from '~/lib/schemas/request-fields'
import { ReportQuery } from '~/lib/schemas/report'
import { PreferencesInput, SystemSettingsInput } from '~/lib/schemas/settings'
import { StandingOrderInput } from '~/lib/schemas/standing-order'
import { InvitationInput } from '~/lib/schemas/team'
import * as answer from '~/lib/schemas/responses'
import { z } from 'zod'
import { OrganisationSettingsInput } from '~/models/organisation-settings.server'
import { RoleInput, TransferOwnershipInput } from '~/models/membership.server'
import { requestInputSchema } from '~/models/request-intake.server'
import { ListQuery as InvoiceListQuery } from './api.invoices'
import { Query as NotificationQuery } from './api.notifications'
import { RequestStatusBody } from './api.requests.$id'
import { ListQuery as RequestListQuery } from './api.requests'
import { VendorRequestBody } from './api.vendor.requests'
import { Query as VendorProductsQuery } from './api.vendor.properties.$propertyId.products'

const importSchemas: OperationSchemas = {
  query: ImportQuery,
  multipart: true,
  success: 200,
  response: answer.ImportAnswer,
  unprocessable: { description: 'A row failed: nothing was applied (`applied: false`, 0 created and updated); `preview` says what the good rows would do', response: answer.ImportRefusedAnswer },
}

const SCHEMAS: Record<string, OperationSchemas> = {
  'GET /api/requests': { query: RequestListQuery, csv: true, response: z.array(answer.RequestAnswer) },
  'POST /api/requests': { body: requestInputSchema('manager'), response: answer.RequestAnswer },
  'GET /api/requests/{id}': { response: answer.RequestAnswer },
  'GET /api/dispatch/queue': { response: z.array(answer.QueuedRequestAnswer) },
  'GET /api/properties/{id}/request-fields': { response: answer.RequestFieldsAnswer },
  'PUT /api/properties/{id}/request-fields': { body: RequestFieldsInput, response: answer.RequestFieldsAnswer },
  'PATCH /api/requests/{id}': { body: RequestStatusBody },
  'GET /api/requests/{id}/pdf': { pdf: true },
  'GET /api/products': { csv: true, response: z.array(answer.ProductAnswer) },
  'POST /api/products': { body: ProductInput, response: answer.ProductCreatedAnswer },
  'POST /api/products/import': importSchemas,
  'GET /api/products/{id}': { response: answer.ProductWithTranslationsAnswer },
  'PUT /api/products/{id}': { body: ProductInput, response: answer.ProductWithTranslationsAnswer },
  'PATCH /api/products/{id}': { body: ProductPatch, response: answer.ProductWithTranslationsAnswer },
  'GET /api/properties': { csv: true },
  'POST /api/properties': { body: PropertyInput },
  'POST /api/properties/import': importSchemas,
  'GET /api/properties/{id}/products': { response: z.array(answer.AssignedProductAnswer) },
  'GET /api/properties/{id}/reorder-suggestions': { response: z.array(answer.ReorderSuggestionAnswer) },
  'PUT /api/properties/{id}': { body: PropertyUpdate },
  'PATCH /api/properties/{id}': { body: PropertyUpdate },
  'POST /api/properties/{id}/products': { body: AssignProductInput },
  'POST /api/dispatch/assign': { body: AssignInput },
  'PATCH /api/dispatch/assign/{id}': {
    body: StatusInput,
    headers: [{ name: 'Idempotency-Key', description: 'Send the same key again to repeat a change safely: a retry answers the assignment as it is, without changing it twice (8 to 100 letters, digits, - or _).' }],
  },
  'PUT /api/properties/{id}/products/{productId}': { body: ParLevelInput, response: answer.ParLevelAnswer },
  'GET /api/standing-orders': { response: z.array(answer.StandingOrderAnswer) },
  'POST /api/standing-orders': { body: StandingOrderInput, response: answer.StandingOrderAnswer },
  'GET /api/reports/consumption': { query: ReportQuery, csv: true, response: answer.ConsumptionReportAnswer },
  'GET /api/audit-log': { query: AuditQuery, csv: true, response: z.array(answer.AuditEventAnswer) },
  'GET /api/members': { response: answer.MembersAnswer },
  'PATCH /api/members/{userId}': { body: RoleInput, response: answer.MemberRoleAnswer },
  'DELETE /api/members/{userId}': { success: 200, response: answer.MemberRemovedAnswer },
  'POST /api/members/transfer-ownership': { body: TransferOwnershipInput, success: 200, response: answer.OwnershipTransferredAnswer },
  'GET /api/invitations': { response: answer.InvitationsAnswer },
  'POST /api/invitations': { body: InvitationInput, response: answer.InvitationCreatedAnswer },
  'DELETE /api/invitations/{id}': { success: 200, response: answer.InvitationRevokedAnswer },
  'POST /api/invitations/{id}/resend': { success: 200, response: answer.InvitationCreatedAnswer },
  'PUT /api/organisation/settings': { body: OrganisationSettingsInput },
  'PATCH /api/organisation/settings': { body: OrganisationSettingsInput },
  'GET /api/events': { eventStream: true },
  'GET /api/track/{token}/events': { eventStream: true },
  'POST /api/dispatch/assign/{id}/proof': { body: ProofInput },
  'POST /api/runners': { body: RunnerInput },
  'GET /api/invoices': { query: InvoiceListQuery },
  'POST /api/invoices': { body: InvoiceInput },
  'GET /api/invoices/{id}/pdf': { pdf: true },
  'PATCH /api/invoices/{id}/status': { body: InvoiceStatusInput },
  'POST /api/invoices/email': { body: InvoiceEmailInput, success: 200 },
  'POST /api/invoices/from-requests': { body: InvoiceFromRequestsInput },
  'GET /api/notifications': { query: NotificationQuery },
  'PUT /api/settings': { body: PreferencesInput },
  'PATCH /api/settings': { body: PreferencesInput },
  'PUT /api/admin/system-settings': { body: SystemSettingsInput },
  'GET /api/api-keys': { response: z.array(answer.ApiKeyAnswer) },
  'POST /api/api-keys': { body: ApiKeyInput, response: answer.ApiKeyCreatedAnswer },
  'GET /api/webhooks': { response: z.array(answer.WebhookAnswer) },
  'POST /api/webhooks': { body: WebhookInput, response: answer.WebhookCreatedAnswer },
  'POST /api/vendor/requests': { body: VendorRequestBody },
  'GET /api/vendor/properties/{propertyId}/products': { query: VendorProductsQuery, response: z.array(answer.VendorProductAnswer) },
}

/** The document as this server describes itself; /docs/api renders the same one. */
export const apiDocument = (request: Request) => openApiDocument(publicOrigin(request), SCHEMAS)

export const loader = apiLoader(async ({ request }) => apiDocument(request))
