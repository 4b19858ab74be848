// The query of a catalogue screen (products, properties, QR codes): a search and a page number in
// the URL, so a filtered page can be shared, reloaded and paged without JavaScript.
import { z } from 'zod'

/** Rows a catalogue screen shows at once: a page renders in milliseconds whatever the catalogue holds. */
export const CATALOG_PAGE_SIZE = 50

/** A page number as typed into a URL: anything that is not a sensible one reads as the first page. */
export const PageNumber = z.coerce.number().int().min(1).max(1_000_000).catch(1)

/** A search as typed, trimmed and bounded (a longer one is cut, not refused); a missing one reads as none. */
export const SearchTerm = z
  .string()
  .catch('')
  .transform((q) => q.trim().slice(0, 200))

export const CatalogQuery = z.object({ q: SearchTerm, page: PageNumber })
export type CatalogQuery = z.infer<typeof CatalogQuery>

/** Reads the search and page number (named `searchParam` and `pageParam`) without ever failing: bad input is the first page. */
export function readCatalogQuery(params: URLSearchParams, pageParam = 'page', searchParam = 'q'): CatalogQuery {
  return CatalogQuery.parse({ q: params.get(searchParam) ?? undefined, page: params.get(pageParam) ?? undefined })
}
