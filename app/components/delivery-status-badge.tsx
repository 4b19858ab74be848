// An assignment's status as the spec colours it (§4): assigned blue, in_transit yellow, delivered
// green, cancelled red, anything else grey.
import { Badge, type BadgeTone } from './ui/badge'
import { assignmentStatusLabel } from '~/lib/status-labels'

const TONES: Record<string, BadgeTone> = {
  assigned: 'blue',
  in_transit: 'yellow',
  delivered: 'green',
  cancelled: 'red',
}
export { assignmentStatusLabel }

export function DeliveryStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'grey'}>{assignmentStatusLabel(status)}</Badge>
}
