// How much of each Dispatch list a page shows (decision 056); shared by the loader and the cards.

/** What the page shows of each list at first; each "show more" link adds as many again. */
export const DISPATCH_PAGE = 50
/** The most either list shows, as /api/dispatch/* does. */
export const DISPATCH_MOST = 500

/** How many rows a `?queue=` / `?current=` value asks for: a multiple of the page, bounded. */
export function shownFrom(value: string | null) {
  const n = Number(value)
  if (!Number.isInteger(n) || n <= DISPATCH_PAGE) return DISPATCH_PAGE
  return Math.min(Math.ceil(n / DISPATCH_PAGE) * DISPATCH_PAGE, DISPATCH_MOST)
}
