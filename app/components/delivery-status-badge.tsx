// An assignment's status as the spec colours it (§4): assigned blue, in_transit yellow, delivered
// green, cancelled red, anything else grey.
import { Badge, type BadgeTone } from './ui/badge'

const TONES: Record<string, BadgeTone> = {
  assigned: 'blue',
  in_transit: 'yellow',
  delivered: 'green',
  cancelled: 'red',
}
const LABELS: Record<string, string> = {
  assigned: 'Assigned',
  picked_up: 'Picked Up',
  in_transit: 'In Transit',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

export const assignmentStatusLabel = (status: string) => LABELS[status] ?? status

export function DeliveryStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'grey'}>{assignmentStatusLabel(status)}</Badge>
}
