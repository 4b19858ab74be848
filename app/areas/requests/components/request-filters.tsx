// The request lists' search box, status filters and paging links. Everything is in the URL
// (?q=&status=&cursor=&selected=), so a filtered list can be shared, reloaded and used without JS.
import { Form, Link, useSubmit } from '@remix-run/react'
import { Download, Search } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { ListFilter } from '~/areas/requests/request.server'
import type { RequestSort } from '~/areas/requests/request-list.server'
import { buttonClasses } from '~/ui/button'
import { cn } from '~/ui/cn'
import { inputClasses } from '~/ui/field'

export const SEARCH_PLACEHOLDER = 'Search requests, products, or locations...'
const SEARCH_DEBOUNCE_MS = 300

export type ListQuery<F extends ListFilter> = { status: F; q: string; cursor: string | null; sort: RequestSort }

/** The list's orders as the sort choice names them (issue 34); the first is the default. */
export const SORT_LABELS: Record<RequestSort, string> = { urgent: 'Urgent first', newest: 'Newest first', oldest: 'Oldest first' }
export const SORTS = Object.keys(SORT_LABELS) as RequestSort[]

/** Reads the list's query; an unknown status or order reads as the default rather than failing the page. */
export function readListQuery<F extends ListFilter>(params: URLSearchParams, filters: readonly F[]): ListQuery<F> {
  const raw = params.get('status') as F | null
  const sort = params.get('sort') as RequestSort | null
  return {
    status: raw && filters.includes(raw) ? raw : ('all' as F),
    q: (params.get('q') ?? '').trim().slice(0, 200),
    cursor: params.get('cursor') || null,
    sort: sort && SORTS.includes(sort) ? sort : 'urgent',
  }
}

/** The query values a list's other controls keep when one of them changes (the defaults left out). */
export function keptQuery(query: { status: string; q: string; sort: RequestSort }, urgent = false, leave: 'status' | 'q' | 'sort') {
  const keep: Record<string, string> = {}
  if (leave !== 'status' && query.status !== 'all') keep.status = query.status
  if (leave !== 'q' && query.q) keep.q = query.q
  if (leave !== 'sort' && query.sort !== 'urgent') keep.sort = query.sort
  if (urgent) keep.urgent = '1'
  return keep
}

/** The same page with some parameters changed (null removes one). */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(params)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key)
    else next.set(key, value)
  }
  const query = next.toString()
  return query ? `?${query}` : '?'
}

/** The CSV of everything the list matches (all pages), as a plain download link. */
export function exportHref(status: ListFilter, q: string, urgent = false, sort: RequestSort = 'urgent') {
  const params = new URLSearchParams({ format: 'csv', status })
  if (q) params.set('q', q)
  if (urgent) params.set('urgent', 'true')
  if (sort !== 'urgent') params.set('sort', sort)
  return `/api/requests?${params}`
}

export function ExportLink({ status, q, urgent, sort, label = 'Export' }: { status: ListFilter; q: string; urgent?: boolean; sort?: RequestSort; label?: string }) {
  return (
    <a href={exportHref(status, q, urgent, sort)} download className={buttonClasses('secondary', 'md', 'whitespace-nowrap')} data-testid="export-csv">
      <Download className="h-4 w-4" aria-hidden="true" />
      {label}
    </a>
  )
}

/**
 * A form control's value follows the URL (back button, a chip, a poll) unless the manager is using
 * it: remounting it instead would take the focus away mid-typing.
 */
export function useSyncedValue<T extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const ref = useRef<T>(null)
  useEffect(() => {
    const el = ref.current
    if (el && document.activeElement !== el && el.value !== value) el.value = value
  }, [value])
  return ref
}

/**
 * A GET form: typing searches after a short pause with JavaScript; Enter or the button without.
 * `labelled` draws the catalogue screens' look (a magnifier in the box and a "Search" button).
 */
export function SearchBox({
  q,
  keep = {},
  placeholder = SEARCH_PLACEHOLDER,
  label = 'Search requests',
  id = 'request-search',
  name = 'q',
  labelled = false,
}: {
  q: string
  keep?: Record<string, string>
  placeholder?: string
  /** What screen readers call the box. */
  label?: string
  id?: string
  name?: string
  labelled?: boolean
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
      className={labelled ? 'relative flex-1' : 'relative'}
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
      {labelled ? <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" /> : null}
      <input
        ref={input}
        id={id}
        type="search"
        name={name}
        defaultValue={q}
        placeholder={placeholder}
        className={cn(inputClasses, labelled ? 'pl-9 pr-20' : 'pr-10')}
        autoComplete="off"
      />
      {labelled ? (
        <button type="submit" className="absolute inset-y-1 right-1 rounded px-3 text-sm font-medium text-brand-700 hover:bg-slate-100">
          Search
        </button>
      ) : (
        <button type="submit" className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-800" aria-label="Search">
          <Search className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </Form>
  )
}

/** Filter chips (the dashboard's All, Pending, Assigned, Completed). */
export function StatusChips<F extends ListFilter>({
  current,
  options,
  params,
}: {
  current: F
  options: ReadonlyArray<{ value: F; label: string }>
  params: URLSearchParams
}) {
  return (
    <nav aria-label="Filter requests by status" className="flex flex-wrap gap-2">
      {options.map((o) => {
        const active = o.value === current
        return (
          <Link
            key={o.value}
            to={withParams(params, { status: o.value === 'all' ? null : o.value, cursor: null, selected: null })}
            replace
            preventScrollReset
            aria-current={active ? 'true' : undefined}
            className={cn(
              'rounded-full border px-3 py-1 text-sm font-medium',
              active ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {o.label}
          </Link>
        )
      })}
    </nav>
  )
}

const PAGE_LINKS: Record<RequestSort, [first: string, next: string]> = {
  urgent: ['← First page', 'Next page →'],
  newest: ['← Newest requests', 'Older requests →'],
  oldest: ['← Oldest requests', 'Newer requests →'],
}

/** Keyset paging: the next page in the list's order, and back to the first once paged. */
export function PageLinks({ params, nextCursor, sort = 'urgent' }: { params: URLSearchParams; nextCursor: string | null; sort?: RequestSort }) {
  const paged = params.has('cursor')
  if (!paged && !nextCursor) return null
  const [first, next] = PAGE_LINKS[sort]
  return (
    <div className="flex items-center justify-between gap-2 pt-3 text-sm">
      {paged ? (
        <Link to={withParams(params, { cursor: null, selected: null })} preventScrollReset className="font-medium text-brand-700 hover:underline">
          {first}
        </Link>
      ) : (
        <span />
      )}
      {nextCursor ? (
        <Link to={withParams(params, { cursor: nextCursor, selected: null })} preventScrollReset className="font-medium text-brand-700 hover:underline">
          {next}
        </Link>
      ) : null}
    </div>
  )
}

/** A GET form with one select (a status, or the order): it submits on change with JavaScript, with its button without. */
export function StatusFilter<T extends string>({
  id,
  value,
  options,
  labels,
  keep,
  name = 'status',
  label = 'Status',
  button = 'Filter',
}: {
  id: string
  value: T
  options: readonly T[]
  labels: Record<T, string>
  /** Other query values (search, tab) the filter keeps. */
  keep: Record<string, string>
  name?: string
  label?: string
  /** The no-JS submit button's text. */
  button?: string
}) {
  const submit = useSubmit()
  const select = useSyncedValue<HTMLSelectElement>(value)
  return (
    <Form method="get" onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })} className="flex items-end gap-2">
      {Object.entries(keep).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <div className="flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
          {label}
        </label>
        <select ref={select} id={id} name={name} defaultValue={value} className={inputClasses}>
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <button type="submit" className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm">
          {button}
        </button>
      </noscript>
    </Form>
  )
}
