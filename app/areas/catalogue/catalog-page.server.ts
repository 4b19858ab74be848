// Paging shared by the catalogue screens (products, properties, QR codes, a property's products to
// assign): offset pages of a known total, and the search's matching rule (decision 101).
import { CATALOG_PAGE_SIZE } from '~/areas/catalogue/catalog-page.schema'

export type PageOf<T> = {
  rows: T[]
  /** Rows matching the search over all pages. */
  total: number
  /** The page shown: the one asked for, or the last one when asked past it. */
  page: number
  pageCount: number
  /** Rows before this page. */
  offset: number
}

/** Where a page starts. A page past the end shows the last one, so a deleted row never strands a link on an empty page. */
export function pageWindow(total: number, asked: number, size = CATALOG_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(total / size))
  const page = Math.min(Math.max(1, Math.trunc(asked) || 1), pageCount)
  return { page, pageCount, offset: (page - 1) * size }
}

/**
 * Whether any of `texts` holds the search, without regard to case, also beyond ASCII (SQLite's LIKE
 * folds only ASCII, so "öst" would miss "Östra"). The same rule as the /api list's `search`.
 */
export function matcher(search: string) {
  const needle = search.trim().toLocaleLowerCase()
  return (...texts: Array<string | null | undefined>) => !needle || texts.some((t) => t?.toLocaleLowerCase().includes(needle))
}

/** One page of rows already matched and in order (a search's matches). */
export function slicePage<T>(matched: T[], asked: number, size = CATALOG_PAGE_SIZE) {
  const window = pageWindow(matched.length, asked, size)
  return { ...window, total: matched.length, shown: matched.slice(window.offset, window.offset + size) }
}

/** Rows read by id, back in the order of `ids`. */
export function inOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}
