// "Send invoice INV-… to pat@payer.test?" before an invoice leaves by e-mail (issue 34, item 8): a
// dialog in the URL (?dialog=email&id=…), so without JavaScript it is a confirmation step of its own.
// An e-mail cannot be called back, so it names who receives it, from whom, and whether it went before.
import { Form, useNavigation } from '@remix-run/react'
import { formatDate } from '~/lib/format'
import { formatMoney } from '~/lib/money'
import type { InvoiceJson } from './billing-table'
import { Button, ButtonLink } from '~/ui/button'
import { Dialog } from '~/ui/dialog'

export function invoiceRecipients(invoice: Pick<InvoiceJson, 'recipientEmail'>) {
  return invoice.recipientEmail
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
}

export function InvoiceEmailConfirm({
  invoice,
  senderName,
  closeTo,
  back,
  timeZone,
}: {
  invoice: InvoiceJson
  senderName: string
  closeTo: string
  /** Where the send returns: the page without this dialog. */
  back: string
  timeZone: string
}) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'email'
  const resend = invoice.emailStatus === 'sent' || invoice.emailStatus === 'delivered'
  const recipients = invoiceRecipients(invoice)
  return (
    <Dialog
      title={
        <>
          E-mail invoice <span className="whitespace-nowrap">{invoice.invoiceNumber}</span>
        </>
      }
      description={`Send invoice ${invoice.invoiceNumber} to ${recipients.join(', ')}?`}
      closeTo={closeTo}
    >
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm" data-testid="invoice-email-summary">
        <dt className="text-slate-500">To</dt>
        <dd className="break-words text-slate-900">
          {invoice.recipientName} · {recipients.join(', ')}
        </dd>
        <dt className="text-slate-500">From</dt>
        <dd className="break-words text-slate-900">{senderName}</dd>
        <dt className="text-slate-500">Amount</dt>
        <dd className="tabular-nums text-slate-900">{formatMoney(invoice.totalAmount)}</dd>
        <dt className="text-slate-500">Attached</dt>
        <dd className="break-words text-slate-900">{invoice.invoiceNumber}.pdf</dd>
      </dl>
      {resend ? (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
          {`It was already sent${invoice.emailSentAt ? ` on ${formatDate(invoice.emailSentAt, timeZone)}` : ''}; it will be sent again.`}
        </p>
      ) : null}
      <Form method="post" preventScrollReset className="mt-4 flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="email" />
        <input type="hidden" name="id" value={invoice.id} />
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="confirmed" value="yes" />
        <ButtonLink to={closeTo} variant="secondary" replace preventScrollReset>
          Cancel
        </ButtonLink>
        <Button type="submit" pending={pending} pendingLabel="Sending...">
          {resend ? 'Send again' : 'Send invoice'}
        </Button>
      </Form>
    </Dialog>
  )
}
