// The catalogue screens' search box, count and page links (products, properties, QR codes, a
// property's products to assign). Everything is in the URL (?q=&page=), so a page of a search can be
// shared, reloaded and paged without JavaScript; with it, typing searches after a short pause.
import { Form, Link, useSubmit } from '@remix-run/react'
import { ChevronLeft, ChevronRight, Search } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useSyncedValue, withParams } from './request-filters'
import { cn } from './ui/cn'
import { inputClasses } from './ui/field'

const SEARCH_DEBOUNCE_MS = 300
const count = (n: number) => n.toLocaleString('en-US')

/** A GET form: Enter or the button searches without JavaScript, typing with it. A new search starts at its first page. */
export function CatalogSearch({
  id,
  q,
  label,
  placeholder,
  name = 'q',
  keep = {},
}: {
  id: string
  q: string
  /** What screen readers call the box. */
  label: string
  placeholder: string
  name?: string
  /** Other query values (an open editor) the search keeps. */
  keep?: Record<string, string>
}) {
  const submit = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const input = useSyncedValue<HTMLInputElement>(q)
  useEffect(() => () => clearTimeout(timer.current), [])
  return (
    <Form
      ref={form}
      method="get"
      role="search"
      className="relative flex-1"
      onChange={() => {
        clearTimeout(timer.current)
        timer.current = setTimeout(() => form.current && submit(form.current, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS)
      }}
    >
      {Object.entries(keep).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      <input ref={input} id={id} type="search" name={name} defaultValue={q} placeholder={placeholder} className={cn(inputClasses, 'pl-9 pr-20')} autoComplete="off" />
      <button type="submit" className="absolute inset-y-1 right-1 rounded px-3 text-sm font-medium text-brand-700 hover:bg-slate-100">
        Search
      </button>
    </Form>
  )
}

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
