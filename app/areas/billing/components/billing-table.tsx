// The invoice table (spec §2.11): Invoice #, Recipient, Date, Status, Email Status, Amount and actions.
// Every action is a link or a real form, so the page works before JavaScript arrives.
import { Form, Link } from '@remix-run/react'
import type { SerializeFrom } from '@remix-run/node'
import { Archive, ArchiveRestore, Eye, FileDown, Mail, Trash2 } from 'lucide-react'
import { formatInvoiceDate } from '~/lib/format'
import { formatMoney } from '~/lib/money'
import type { InvoiceView } from '~/areas/billing/invoice.server'
import { InvoiceEmailBadge, InvoiceStatusBadge } from './invoice-status'
import { iconSprite } from '~/ui/icon-sprite'

export type InvoiceJson = SerializeFrom<InvoiceView>

const { Symbols: RowIconSymbols, Icon } = iconSprite('invoice-icon', { eye: Eye, fileDown: FileDown, mail: Mail, restore: ArchiveRestore, trash: Trash2, archive: Archive })

// One short class (styles/tailwind.css): a row's four actions, twice per invoice.
const iconButton = 'icon-button'

/** A row's form actions share one form: the pressed button says which (name="intent"), with or without JavaScript. */
function RowActionButton({ intent, label, children }: { intent: string; label: string; children: React.ReactNode }) {
  return (
    <button type="submit" name="intent" value={intent} className={iconButton} aria-label={label} title={label}>
      {children}
    </button>
  )
}

function RowActions({ inv, back, hrefFor }: { inv: InvoiceJson; back: string; hrefFor: (dialog: string, id: string) => string }) {
  return (
    <>
      <Link to={hrefFor('details', inv.id)} preventScrollReset className={iconButton} aria-label={`Details of ${inv.invoiceNumber}`} title="Details">
        <Icon name="eye" className="h-4 w-4" />
      </Link>
      <a href={`/api/invoices/${inv.id}/pdf`} download className={iconButton} aria-label={`Download PDF of ${inv.invoiceNumber}`} title="Download PDF">
        <Icon name="fileDown" className="h-4 w-4" />
      </a>
      {/* E-mail asks first, naming the recipients (invoice-email-confirm.tsx). */}
      <Link to={hrefFor('email', inv.id)} preventScrollReset className={iconButton} aria-label={`E-mail ${inv.invoiceNumber}`} title="E-mail">
        <Icon name="mail" className="h-4 w-4" />
      </Link>
      <Form method="post" preventScrollReset className="inline">
        <input type="hidden" name="id" value={inv.id} />
        <input type="hidden" name="back" value={back} />
        {inv.isArchived ? (
          <RowActionButton intent="restore" label={`Restore ${inv.invoiceNumber}`}>
            <Icon name="restore" className="h-4 w-4" />
          </RowActionButton>
        ) : (
          <RowActionButton intent="archive" label={`Archive ${inv.invoiceNumber}`}>
            <Icon name="archive" className="h-4 w-4" />
          </RowActionButton>
        )}
      </Form>
      {inv.isArchived && (
        <Link
          to={hrefFor('delete', inv.id)}
          preventScrollReset
          className={`${iconButton} text-red-600 hover:text-red-700`}
          aria-label={`Delete ${inv.invoiceNumber} permanently`}
          title="Delete permanently"
        >
          <Icon name="trash" className="h-4 w-4" />
        </Link>
      )}
    </>
  )
}

/**
 * One table, drawn as a card per invoice on phones (seven columns do not fit 360 px) by the
 * `.card-table` rules in styles/tailwind.css: each cell says where it goes with `data-card`. The page
 * once rendered the invoices twice, as cards and as a table, one of them hidden: twice the HTML
 * (280 KB for 50 invoices) and twice the render. The explicit roles keep the table a table for
 * screen readers where a browser drops a restyled table's semantics.
 */
export function BillingTable({ invoices, back, hrefFor, timeZone }: { invoices: InvoiceJson[]; back: string; hrefFor: (dialog: string, id: string) => string; timeZone: string }) {
  // relative: the sr-only header is absolutely placed and would otherwise escape the scroll box and widen the page.
  return (
    <>
      <RowIconSymbols />
      <div className="relative overflow-x-auto md:rounded-lg md:border md:border-slate-200 md:bg-white md:shadow-sm">
        <table role="table" className="card-table min-w-full text-sm md:divide-y md:divide-slate-200" data-testid="invoice-table">
          <thead role="rowgroup" className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr role="row">
              <th role="columnheader" scope="col" className="px-3 py-2">
                Invoice #
              </th>
              <th role="columnheader" scope="col" className="px-3 py-2">
                Recipient
              </th>
              <th role="columnheader" scope="col" className="px-3 py-2">
                Date
              </th>
              <th role="columnheader" scope="col" className="px-3 py-2">
                Status
              </th>
              <th role="columnheader" scope="col" className="px-3 py-2">
                Email Status
              </th>
              <th role="columnheader" scope="col" className="px-3 py-2 text-right">
                Amount
              </th>
              <th role="columnheader" scope="col" className="px-3 py-2 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup" className="md:divide-y md:divide-slate-100">
            {invoices.map((inv) => (
              <tr role="row" key={inv.id} data-testid="invoice-row" data-invoice-number={inv.invoiceNumber}>
                <td role="cell" data-card="title" className="whitespace-nowrap px-3 py-2 font-medium text-slate-900">
                  {inv.invoiceNumber}
                </td>
                <td role="cell" data-card="line" className="px-3 py-2">
                  <div className="max-w-[14rem] truncate text-slate-900">{inv.recipientName}</div>
                  <div className="max-w-[14rem] truncate text-xs text-slate-500">{inv.recipientEmail}</div>
                </td>
                <td role="cell" data-card="meta" className="whitespace-nowrap px-3 py-2 text-slate-700">
                  {formatInvoiceDate(inv.invoiceDate, timeZone)}
                </td>
                <td role="cell" data-card="meta" className="px-3 py-2">
                  <InvoiceStatusBadge status={inv.status} />
                </td>
                <td role="cell" data-card="meta" className="px-3 py-2">
                  {/* The card has no column header to read; screen readers have the real one. */}
                  <span className="mr-1 text-xs text-slate-600 md:hidden" aria-hidden="true">
                    Email
                  </span>
                  <InvoiceEmailBadge status={inv.emailStatus} error={inv.emailError} />
                </td>
                <td role="cell" data-card="figure" className="whitespace-nowrap px-3 py-2 text-right font-medium tabular-nums text-slate-900">
                  {formatMoney(inv.totalAmount)}
                </td>
                <td role="cell" data-card="actions" className="whitespace-nowrap px-3 py-1 text-right">
                  <RowActions inv={inv} back={back} hrefFor={hrefFor} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
