// An invoice's details: recipient, lines (with the request each came from), totals, the status a
// manager sets, and its actions, including delete (from the archive only).
import { Form } from '@remix-run/react'
import type { SerializeFrom } from '@remix-run/node'
import { formatDate, formatInvoiceDate } from '~/lib/format'
import { formatMoney } from '~/lib/money'
import type { InvoiceItemView } from '~/areas/billing/invoice-lines.server'
import type { InvoiceJson } from './billing-table'
import { InvoiceEmailBadge, InvoiceStatusBadge } from './invoice-status'
import { Button, ButtonLink, buttonClasses } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { inputClasses } from '~/ui/field'

export function InvoiceDetailsDialog({
  closeTo,
  back,
  invoice,
  items,
  deleteHref,
  emailHref,
  timeZone,
}: {
  closeTo: string
  back: string
  invoice: InvoiceJson
  items: SerializeFrom<InvoiceItemView>[]
  deleteHref: string
  /** The confirmation naming the recipients, before anything is sent. */
  emailHref: string
  timeZone: string
}) {
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={invoice.id} />
      <input type="hidden" name="back" value={back} />
    </>
  )
  return (
    <Dialog title={`Invoice ${invoice.invoiceNumber}`} description={`${invoice.recipientName} · ${invoice.recipientEmail}`} closeTo={closeTo} wide>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-500">Date</dt>
          <dd>{formatInvoiceDate(invoice.invoiceDate, timeZone)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Due</dt>
          <dd>{invoice.dueDate ? formatInvoiceDate(invoice.dueDate, timeZone) : '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Status</dt>
          <dd>
            <InvoiceStatusBadge status={invoice.status} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Email</dt>
          <dd>
            <InvoiceEmailBadge status={invoice.emailStatus} error={invoice.emailError} />
          </dd>
        </div>
      </dl>
      {invoice.emailStatus === 'failed' && invoice.emailError ? <p className="mt-2 text-sm text-red-700">{invoice.emailError}</p> : null}

      <div className="mt-4 overflow-x-auto">
        <table className="min-w-full text-sm" data-testid="invoice-items">
          <thead className="text-left text-xs text-slate-500">
            <tr>
              <th className="py-1 pr-2">Item</th>
              <th className="py-1 pr-2 text-right">Qty</th>
              <th className="py-1 pr-2 text-right">Unit</th>
              <th className="py-1 text-right">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((item) => (
              <tr key={item.id}>
                <td className="py-1.5 pr-2">
                  <div className="font-medium text-slate-900">{item.description}</div>
                  {item.vendorName ? (
                    <div className="text-xs text-slate-500">
                      {[item.orderNumber, item.vendorName, item.propertyAddress, item.requestDate ? formatDate(item.requestDate, timeZone) : null].filter(Boolean).join(' · ')}
                      {item.deliveredAt ? <span className="text-green-700"> · Delivered {formatDate(item.deliveredAt, timeZone)}</span> : null}
                    </div>
                  ) : null}
                </td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{item.quantity}</td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{formatMoney(item.unitPrice)}</td>
                <td className="py-1.5 text-right tabular-nums">{formatMoney(item.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="text-sm">
            <tr>
              <td colSpan={3} className="pt-2 text-right text-slate-600">Subtotal</td>
              <td className="pt-2 text-right tabular-nums">{formatMoney(invoice.subtotal)}</td>
            </tr>
            <tr>
              <td colSpan={3} className="text-right text-slate-600">Tax ({invoice.taxRate}%)</td>
              <td className="text-right tabular-nums">{formatMoney(invoice.taxAmount)}</td>
            </tr>
            <tr>
              <td colSpan={3} className="text-right font-semibold">Total</td>
              <td className="text-right font-semibold tabular-nums" data-testid="invoice-total">{formatMoney(invoice.totalAmount)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-500">{invoice.paymentTerms}{invoice.notes ? ` · ${invoice.notes}` : ''}</p>

      <Form method="post" preventScrollReset className="mt-4 flex items-end gap-2">
        {hidden('status')}
        <div>
          <label htmlFor="invoice-status" className="mb-1 block text-sm font-medium text-slate-700">
            Change status
          </label>
          <select id="invoice-status" name="status" defaultValue={invoice.status === 'overdue' ? 'sent' : invoice.status} className={inputClasses}>
            <option value="draft">Draft</option>
            <option value="sent">Sent</option>
            <option value="paid">Paid</option>
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Update
        </Button>
      </Form>

      <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <a href={`/api/invoices/${invoice.id}/pdf`} download className={buttonClasses('secondary')}>
          Download PDF
        </a>
        <ButtonLink to={emailHref} variant="secondary" preventScrollReset>
          Send Email
        </ButtonLink>
        <Form method="post" preventScrollReset>
          {hidden(invoice.isArchived ? 'restore' : 'archive')}
          <Button type="submit" variant="secondary">
            {invoice.isArchived ? 'Restore' : 'Archive'}
          </Button>
        </Form>
        {invoice.isArchived ? (
          <ButtonLink to={deleteHref} variant="destructive" replace preventScrollReset>
            Delete
          </ButtonLink>
        ) : null}
      </div>
    </Dialog>
  )
}
