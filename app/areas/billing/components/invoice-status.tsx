// How an invoice's status and e-mail status read on the billing page.
import { Badge, type BadgeTone } from '~/ui/badge'

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'grey' },
  sent: { label: 'Sent', tone: 'blue' },
  paid: { label: 'Paid', tone: 'green' },
  overdue: { label: 'Overdue', tone: 'red' },
}

const EMAIL: Record<string, { label: string; tone: BadgeTone }> = {
  sent: { label: 'Sent', tone: 'green' },
  delivered: { label: 'Delivered', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
}

export function InvoiceStatusBadge({ status }: { status: string }) {
  const s = STATUS[status] ?? { label: status, tone: 'grey' as const }
  return <Badge tone={s.tone}>{s.label}</Badge>
}

/** 'Not sent' while nothing was sent (spec §2.11); a failure carries its reason as a tooltip. */
export function InvoiceEmailBadge({ status, error }: { status: string | null; error?: string | null }) {
  const s = (status && EMAIL[status]) || { label: 'Not sent', tone: 'grey' as const }
  return (
    <span title={status === 'failed' && error ? error : undefined}>
      <Badge tone={s.tone}>{s.label}</Badge>
    </span>
  )
}
