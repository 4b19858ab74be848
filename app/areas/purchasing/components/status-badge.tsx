import { Badge, type BadgeTone } from '~/ui/badge'
import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderStatus } from '~/areas/purchasing/purchase-order.schema'

const TONES: Record<PurchaseOrderStatus, BadgeTone> = { draft: 'grey', sent: 'blue', partially_received: 'yellow', received: 'green', cancelled: 'red' }

export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return <Badge tone={TONES[status]}>{PURCHASE_ORDER_STATUS_LABELS[status]}</Badge>
}
