// An assignment's status as the spec colours it (§4): assigned blue, in_transit yellow, delivered
// green, cancelled red, anything else grey.
import { Badge, type BadgeTone } from '~/ui/badge'
import { assignmentStatusLabel, deliveryStateLabel } from '~/areas/requests/status-labels'

const TONES: Record<string, BadgeTone> = {
  assigned: 'blue',
  in_transit: 'yellow',
  delivered: 'green',
  cancelled: 'red',
}
export { assignmentStatusLabel }

/** `named`: "Delivery: In Transit", where the badge sits beside requests' states (Dispatch). */
export function DeliveryStatusBadge({ status, named = false }: { status: string; named?: boolean }) {
  return <Badge tone={TONES[status] ?? 'grey'}>{named ? deliveryStateLabel(status) : assignmentStatusLabel(status)}</Badge>
}
