// What a manager is told after anything leaves Stockrun for someone (issue 28): an invoice e-mail, a
// runner's link by SMS, a requester's update. One wording for every send, always naming the recipient,
// so "sent", "only written to the outbox", "not sent: no account" and "failed" never read alike.
import type { Toast } from '~/lib/toast.server'

/** sent: handed to the provider; outbox: written locally (no mail server); skipped: no SMS account; failed: the provider refused. */
export type SendOutcome = 'sent' | 'outbox' | 'skipped' | 'failed'

/** One sentence: `what` (e.g. "Invoice INV-2026-0001") and what became of it for `recipient`. */
export function sendSentence(what: string, recipient: string, outcome: SendOutcome) {
  switch (outcome) {
    case 'sent':
      return `${what} sent to ${recipient}.`
    case 'outbox':
      return `${what} for ${recipient} written to the local outbox (no mail server configured).`
    case 'skipped':
      return `${what} not sent to ${recipient}: no SMS account is configured.`
    case 'failed':
      return `${what} could not be sent to ${recipient}.`
  }
}

/** The toast for a send, titled by what happened (a resend by its own title); a failure is an error toast with its reason. */
export function sendToast(
  send: { what: string; recipient: string; outcome: SendOutcome; resent?: boolean; reason?: string | null },
  titles: Record<SendOutcome | 'resent', string>,
): Toast {
  const sentence = sendSentence(send.what, send.recipient, send.outcome)
  if (send.outcome === 'failed') return { title: titles.failed, description: [sentence, send.reason].filter(Boolean).join(' '), variant: 'error' }
  const title = send.outcome === 'sent' && send.resent ? titles.resent : titles[send.outcome]
  return { title, description: sentence, variant: send.outcome === 'sent' ? 'success' : 'info' }
}
