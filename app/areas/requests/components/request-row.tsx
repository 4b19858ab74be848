// A row of the Requests page (spec §2.9): property, status, vendor, order number, item count, age and
// address, with a status dropdown (a real form: it posts on change with JavaScript, by its button
// without), the PDF and the details.
import { Badge } from '~/ui/badge'
import { Link, useNavigation, useSubmit } from '@remix-run/react'
import { useId } from 'react'
import { FileDown, Info } from 'lucide-react'
import { formatDateTime } from '~/lib/format'
import { TimeAgo } from '~/ui/time-ago'
import { NeededBy } from './request-card'
import { useSyncedValue } from './request-filters'
import { RequestStatusBadge, STATUS_LABELS } from './request-summary'
import { iconSprite } from '~/ui/icon-sprite'
import { UrgentBadge } from './requester-details'
import stylesheet from './request-row.css'

/** The rows' stylesheet: a page showing them links it (`links`). */
export const requestRowStylesheet = stylesheet

export type RowRequest = {
  id: string
  orderNumber: string
  status: string
  vendorName: string
  createdAt: string
  /** How many products it asks for (the names are in its details). */
  itemCount: number
  property: { name: string; address: string } | null
  urgent?: boolean
  neededBy?: string | null
  photoCount?: number
}

const { Symbols: RequestRowIcons, Icon } = iconSprite('request-row-icon', { pdf: FileDown, details: Info })

/** Rendered once above the rows: their icons are drawn from it. */
export { RequestRowIcons }

// The same four options on every row: made once, not 200 elements a render.
const STATUS_OPTIONS = Object.entries(STATUS_LABELS).map(([value, label]) => (
  <option key={value} value={value}>
    {label}
  </option>
))

export function RequestRow({ request, detailsHref, timeZone, overdue = false }: { request: RowRequest; detailsHref: string; timeZone: string; overdue?: boolean }) {
  const submit = useSubmit()
  const select = useSyncedValue<HTMLSelectElement>(request.status)
  const navigation = useNavigation()
  const saving = navigation.formData?.get('intent') === 'status' && navigation.formData.get('id') === request.id
  const titleId = useId()
  const items = request.itemCount
  // Styled by `.request-row` in request-row.css (by position: keep the order of its parts). The form
  // has no action of its own: it posts to the page's address (the browser's rule, and the router's
  // for a submit() without one), and the action returns there. Links say nothing of route
  // discovery, which the app has off (remix.config.js).
  return (
    <article className="request-row" data-testid="request-row" aria-labelledby={titleId}>
      <div>
        <div>
          <h2 id={titleId}>{request.property?.name ?? 'Unknown property'}</h2>
          {request.urgent ? <UrgentBadge /> : null}
          <RequestStatusBadge status={request.status} />
          {overdue ? <Badge tone="red">Overdue</Badge> : null}
          {request.neededBy ? <NeededBy at={request.neededBy} timeZone={timeZone} className="text-sm" /> : null}
        </div>
        <p>
          <span>{request.vendorName}</span>
          <span className="order-number">{request.orderNumber}</span>
          <span>{`${items} ${items === 1 ? 'item' : 'items'}`}</span>
          {request.photoCount ? <span>{`${request.photoCount} ${request.photoCount === 1 ? 'photo' : 'photos'}`}</span> : null}
          <TimeAgo date={request.createdAt} />
          <time dateTime={request.createdAt}>{formatDateTime(request.createdAt, timeZone)}</time>
        </p>
        {request.property?.address ? <p>{request.property.address}</p> : null}
      </div>
      <div>
        <form method="post" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="id" value={request.id} />
          <select ref={select} name="status" defaultValue={request.status} aria-label={`Status of ${request.orderNumber}`} aria-busy={saving || undefined}>
            {STATUS_OPTIONS}
          </select>
          <noscript>
            <button type="submit">Update</button>
          </noscript>
        </form>
        <a href={`/api/requests/${request.id}/pdf`} download aria-label={`Download PDF of ${request.orderNumber}`}>
          <Icon name="pdf" />
          PDF
        </a>
        <Link to={detailsHref} preventScrollReset discover="none" aria-label={`Details of ${request.orderNumber}`}>
          <Icon name="details" />
          <span className="sr-only sm:not-sr-only">Details</span>
        </Link>
      </div>
    </article>
  )
}
