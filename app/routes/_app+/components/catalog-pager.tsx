// The catalogue screens' count and page links (products, properties, QR codes, a property's
// products to assign); their search is SearchBox in its labelled look. Everything is in the URL (?q=&page=), so a page of a search can be
// shared, reloaded and paged without JavaScript; with it, typing searches after a short pause.
import { Link } from '@remix-run/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { withParams } from '~/areas/requests/components/request-filters'
const count = (n: number) => n.toLocaleString('en-US')

/** "Showing 51–100 of 2,000 products": where this page sits among what the search matched. */
export function PageSummary({ offset, shown, total, noun, testId }: { offset: number; shown: number; total: number; noun: [string, string]; testId?: string }) {
  const what = total === 1 ? noun[0] : noun[1]
  const text =
    shown === 0 ? `No ${noun[1]}` : shown === total ? `Showing ${count(total)} ${what}` : `Showing ${count(offset + 1)}–${count(offset + shown)} of ${count(total)} ${what}`
  return (
    <p className="text-sm text-slate-600" aria-live="polite" data-testid={testId}>
      {text}
    </p>
  )
}

/**
 * Previous and Next as plain links to the same URL with another page number; every other parameter
 * (the search, an open editor) is kept, and the dialogs named in `close` are closed.
 */
export function PageNav({
  params,
  page,
  pageCount,
  label,
  pageParam = 'page',
  close = [],
  testId,
}: {
  params: URLSearchParams
  page: number
  pageCount: number
  /** The navigation landmark's name ("Product pages"). */
  label: string
  pageParam?: string
  close?: string[]
  testId?: string
}) {
  if (pageCount <= 1) return null
  const closed = Object.fromEntries(close.map((key) => [key, null]))
  const to = (n: number) => withParams(params, { ...closed, [pageParam]: n === 1 ? null : String(n) })
  const link = 'inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-slate-100 hover:underline'
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 pt-3 text-sm" data-testid={testId}>
      {page > 1 ? (
        <Link to={to(page - 1)} preventScrollReset rel="prev" className={link}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{`Page ${count(page)} of ${count(pageCount)}`}</span>
      {page < pageCount ? (
        <Link to={to(page + 1)} preventScrollReset rel="next" className={link}>
          Next
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
