// A row of the Requests page (spec §2.9): property, status, vendor, order number, item count, age and
// address, with a status dropdown (a real form: it posts on change with JavaScript, by its button
// without), the PDF and the details.
import { Badge } from '~/ui/badge'
import { Form, Link, useNavigation, useSubmit } from '@remix-run/react'
import { FileDown, Info } from 'lucide-react'
import { formatDateTime } from '~/lib/format'
import { TimeAgo } from '~/ui/time-ago'
import { NeededBy } from './request-card'
import { useSyncedValue } from './request-filters'
import { RequestStatusBadge, STATUS_LABELS } from './request-summary'
import { buttonClasses } from '~/ui/button'
import { inputClasses } from '~/ui/field'
import { cn } from '~/ui/cn'
import { iconSprite } from '~/ui/icon-sprite'
import { UrgentBadge } from './requester-details'

export type RowRequest = {
  id: string
  orderNumber: string
  status: string
  vendorName: string
  createdAt: string
  requestedProducts: ReadonlyArray<{ name: string }>
  property: { name: string; address: string } | null
  urgent?: boolean
  neededBy?: string | null
  photoCount?: number
}

const { Symbols: RequestRowIcons, Icon } = iconSprite('request-row-icon', { pdf: FileDown, details: Info })

/** Rendered once above the rows: their icons are drawn from it. */
export { RequestRowIcons }

export function RequestRow({ request, back, detailsHref, timeZone, overdue = false }: { request: RowRequest; back: string; detailsHref: string; timeZone: string; overdue?: boolean }) {
  const submit = useSubmit()
  const select = useSyncedValue<HTMLSelectElement>(request.status)
  const navigation = useNavigation()
  const saving = navigation.formData?.get('intent') === 'status' && navigation.formData.get('id') === request.id
  const items = request.requestedProducts.length
  const selectId = `status-${request.id}`
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="request-row" aria-labelledby={`title-${request.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`title-${request.id}`} className="min-w-0 break-words text-base font-semibold text-slate-900">
              {request.property?.name ?? 'Unknown property'}
            </h2>
            {request.urgent ? <UrgentBadge /> : null}
            <RequestStatusBadge status={request.status} />
            {overdue ? <Badge tone="red">Overdue</Badge> : null}
            {request.neededBy ? <NeededBy at={request.neededBy} timeZone={timeZone} className="text-sm" /> : null}
          </div>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-slate-600">
            <span>{request.vendorName}</span>
            <span className="font-mono text-xs leading-5">{request.orderNumber}</span>
            <span>
              {items} {items === 1 ? 'item' : 'items'}
            </span>
            {request.photoCount ? (
              <span>
                {request.photoCount} {request.photoCount === 1 ? 'photo' : 'photos'}
              </span>
            ) : null}
            <TimeAgo date={request.createdAt} />
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt, timeZone)}</time>
          </p>
          {request.property?.address ? <p className="mt-0.5 text-sm text-slate-500">{request.property.address}</p> : null}
        </div>
        {/* On a phone the buttons wrap below the status rather than squeeze it: its label stays whole. */}
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto sm:flex-nowrap">
          <Form method="post" preventScrollReset className="flex flex-1 items-center gap-2 sm:flex-none" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="id" value={request.id} />
            <input type="hidden" name="back" value={back} />
            <label htmlFor={selectId} className="sr-only">
              Status of {request.orderNumber}
            </label>
            <select ref={select} id={selectId} name="status" defaultValue={request.status} className={cn(inputClasses, 'h-9 min-w-36 py-1 sm:w-36')} aria-busy={saving || undefined}>
              {Object.entries(STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className={buttonClasses('secondary', 'sm')}>
                Update
              </button>
            </noscript>
          </Form>
          <a href={`/api/requests/${request.id}/pdf`} download className={buttonClasses('secondary', 'sm', 'shrink-0')} aria-label={`Download PDF of ${request.orderNumber}`}>
            <Icon name="pdf" className="h-4 w-4" />
            PDF
          </a>
          <Link to={detailsHref} preventScrollReset className={buttonClasses('secondary', 'sm', 'shrink-0')} aria-label={`Details of ${request.orderNumber}`}>
            <Icon name="details" className="h-4 w-4" />
            <span className="sr-only sm:not-sr-only">Details</span>
          </Link>
        </div>
      </div>
    </article>
  )
}
