// How a request reads at a glance (spec §2.4, §2.5): its title, its summary line, its status, and
// the title of its map marker. Shared by the dashboard cards, the requests rows and the map.
import type { RequestStatus } from '~/areas/requests/request.server'
import { REQUEST_STATUS_LABELS } from '~/areas/requests/status-labels'
import { Badge, type BadgeTone } from '~/ui/badge'

export type RequestSummaryFields = {
  notes: string | null
  requestedProducts: ReadonlyArray<{ name: string }>
}

/** The first product's name, or 'Product Request' for a request without products. */
export function requestTitle(r: RequestSummaryFields) {
  return r.requestedProducts[0]?.name ?? 'Product Request'
}

/** '<first> + N more items' for several products; otherwise the notes or 'Product delivery request'. */
export function requestSummary(r: RequestSummaryFields) {
  const more = r.requestedProducts.length - 1
  if (more > 0) return `${requestTitle(r)} + ${more} more item${more === 1 ? '' : 's'}`
  return r.notes?.trim() || 'Product delivery request'
}

/** At most two product names, then '+N more'. */
export function markerTitle(r: RequestSummaryFields) {
  const names = r.requestedProducts.map((p) => p.name)
  if (names.length === 0) return 'Product Request'
  const shown = names.slice(0, 2).join(', ')
  return names.length > 2 ? `${shown} +${names.length - 2} more` : shown
}

/** One vocabulary (issue 34): the dashboard's names (spec §2.4) on every page that shows a request's state. */
export const STATUS_LABELS: Record<RequestStatus, string> = REQUEST_STATUS_LABELS
export const DASHBOARD_STATUS_LABELS = STATUS_LABELS

/** Badge tones follow the map's marker colours, so a card and its marker look alike. */
const TONES: Record<RequestStatus, BadgeTone> = { pending: 'green', in_progress: 'blue', completed: 'grey', archived: 'purple' }

export function isRequestStatus(status: string): status is RequestStatus {
  return status in STATUS_LABELS
}

export function RequestStatusBadge({ status, labels = STATUS_LABELS }: { status: string; labels?: Record<RequestStatus, string> }) {
  return isRequestStatus(status) ? <Badge tone={TONES[status]}>{labels[status]}</Badge> : <Badge>{status}</Badge>
}
