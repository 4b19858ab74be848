// A request on the dashboard list (spec §2.4): titled by its property (or its order number without
// one), then its products, order number and vendor; issue 28: titled by the first product, a card
// read "Hand Soap Refill" over "Hand Soap Refill + 1 more item". The whole card is a link that
// selects it (and zooms the map to it).
import { Link } from '@remix-run/react'
import { MapPin } from 'lucide-react'
import { DASHBOARD_STATUS_LABELS, RequestStatusBadge, requestSummary, type RequestSummaryFields } from './request-summary'
import { formatDateTime } from '~/lib/format'
import { Badge } from '~/ui/badge'
import { cn } from '~/ui/cn'
import { iconSprite } from '~/ui/icon-sprite'
import { UrgentBadge } from './requester-details'

export type CardRequest = RequestSummaryFields & {
  id: string
  orderNumber: string
  status: string
  vendorName: string
  property: { name: string } | null
  urgent?: boolean
  neededBy?: string | null
}

/** "Needed by Nov 27, 2026, 3:00 PM" on the organisation's clock (issue 34). */
export function NeededBy({ at, timeZone, className }: { at: string; timeZone: string; className?: string }) {
  return (
    <span className={cn('font-medium text-slate-700', className)} data-testid="needed-by">
      Needed by <time dateTime={at}>{formatDateTime(at, timeZone)}</time>
    </span>
  )
}

const { Symbols: RequestCardIcons, Icon } = iconSprite('request-card-icon', { property: MapPin })

/** Rendered once above the cards: their icons are drawn from it. */
export { RequestCardIcons }

/** The products in a line: the first by name and how many more, or the one product and the notes. */
function productsLine(r: RequestSummaryFields) {
  const only = r.requestedProducts.length === 1 ? r.requestedProducts[0]!.name : null
  const notes = r.notes?.trim()
  if (only) return notes ? `${only} · ${notes}` : only
  return requestSummary(r)
}

export function RequestCard({
  request,
  selected,
  to,
  timeZone,
  overdue = false,
}: {
  request: CardRequest
  selected: boolean
  to: string
  timeZone: string
  overdue?: boolean
}) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      aria-current={selected ? 'true' : undefined}
      data-testid="request-card"
      className={cn(
        'block rounded-lg border bg-white p-3 transition-colors hover:border-brand-500',
        selected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="flex min-w-0 items-center gap-1 text-sm font-semibold text-slate-900">
          {request.property ? <Icon name="property" className="h-3.5 w-3.5 shrink-0 text-slate-500" /> : null}
          <span className="truncate">{request.property?.name ?? `Order ${request.orderNumber}`}</span>
        </h3>
        <span className="flex shrink-0 flex-wrap items-center justify-end gap-1">
          {request.urgent ? <UrgentBadge /> : null}
          {overdue ? <Badge tone="red">Overdue</Badge> : null}
          <RequestStatusBadge status={request.status} labels={DASHBOARD_STATUS_LABELS} />
        </span>
      </div>
      <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{productsLine(request)}</p>
      {request.neededBy ? <NeededBy at={request.neededBy} timeZone={timeZone} className="mt-0.5 block text-xs" /> : null}
      <div className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-slate-500">
        <span className="font-mono">{request.orderNumber}</span>
        <span className="truncate">{request.vendorName}</span>
      </div>
    </Link>
  )
}
