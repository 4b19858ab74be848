// The From Requests dialog: pick completed requests, name the recipient (or prefill a saved one).
// Each request becomes lines at its products' prices × quantities.
import type { SerializeFrom } from '@remix-run/node'
import { formatDate } from '~/lib/format'
import { NO_REQUESTS_TITLE } from '~/areas/billing/invoice.schema'
import type { RequestView } from '~/areas/requests/request.server'
import { InvoiceFormDialog } from './invoice-form-dialog'
import { RecipientFields, type InvoiceFormErrors, type InvoiceFormValues, type RecipientJson } from './invoice-recipient-fields'

export type InvoiceableRequest = Pick<SerializeFrom<RequestView>, 'id' | 'orderNumber' | 'vendorName' | 'createdAt' | 'property' | 'requestedProducts'>

export function InvoiceFromRequestsDialog({
  closeTo,
  back,
  requests,
  timeZone,
  recipients,
  prefill,
  recipientHref,
  errors,
  values,
}: {
  closeTo: string
  back: string
  requests: InvoiceableRequest[]
  timeZone: string
  recipients: RecipientJson[]
  prefill: RecipientJson | null
  recipientHref: (id: string) => string
  errors?: InvoiceFormErrors
  values?: InvoiceFormValues | null
}) {
  const chosen = new Set(Array.isArray(values?.requestIds) ? values.requestIds : [])
  return (
    <InvoiceFormDialog
      title="Create Invoice from Requests"
      description="Bill completed requests at their products' prices"
      intent="from-requests"
      formId="from-requests"
      {...{ closeTo, back, recipients, prefill, recipientHref, errors, values }}
    >
      {errors?.requestIds ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{NO_REQUESTS_TITLE}</p>
          <p>{errors.requestIds[0]}</p>
        </div>
      ) : null}
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Completed requests</legend>
        {requests.length === 0 ? (
          <p className="text-sm text-slate-500">No completed requests to invoice yet.</p>
        ) : (
          <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200" data-testid="invoiceable-requests">
            {requests.map((r) => (
              <li key={r.id}>
                <label className="flex cursor-pointer items-start gap-3 px-3 py-2 hover:bg-slate-50">
                  <input type="checkbox" name="requestIds" value={r.id} defaultChecked={chosen.has(r.id)} className="mt-1" />
                  <span className="min-w-0 text-sm">
                    <span className="font-medium text-slate-900">{r.orderNumber}</span> · {r.vendorName}
                    <span className="block truncate text-xs text-slate-500">
                      {r.property?.address ?? 'No property'} · {formatDate(r.createdAt, timeZone)} · {r.requestedProducts.map((p) => `${p.quantity}× ${p.name}`).join(', ')}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <RecipientFields errors={errors} values={values} prefill={prefill} />
    </InvoiceFormDialog>
  )
}
