// Where the Logistics page's forms lead back to: the list as the manager left it (search and page),
// or a property's editor on the products it was assigning. Shared by the page and its form handlers.

/** The same query with only `keys` kept (a search and page), after `extra`. */
export function keeping(params: URLSearchParams, keys: string[], extra: Record<string, string> = {}) {
  const kept = new URLSearchParams(extra)
  for (const key of keys) {
    const value = params.get(key)
    if (value) kept.set(key, value)
  }
  return kept.toString()
}

/** The list as the manager left it: their search and page. */
export function listHref(params: URLSearchParams) {
  const query = keeping(params, ['q', 'page'])
  return query ? `/properties?${query}` : '/properties'
}

/** The editor's own search and page of products to assign (?pq=, ?pp=). */
export const ASSIGN_QUERY = ['pq', 'pp']

/**
 * Back to the property's editor after a form post (on the search and page of products to assign it
 * was on, when given). An id that cannot be one of ours (ids are UUIDs) goes back to the list
 * instead, so a forged megabyte-long id never becomes a redirect header.
 */
export function editHrefFor(id: string, from?: URLSearchParams) {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) return '/properties'
  return `/properties?${keeping(from ?? new URLSearchParams(), ASSIGN_QUERY, { edit: id })}`
}
