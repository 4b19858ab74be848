// Every route's contract (app/lib/route-contract.ts) with the URL path Remix serves it at, read from
// the build's route modules once per build: the OpenAPI document and the tests' route inventory are
// derived from this list, so neither keeps a table of its own.
import type { ServerBuild } from '@remix-run/node'
import type { ContractedRoute, RouteContract } from '~/areas/organisation/route-contract'

const listed = new WeakMap<ServerBuild, ContractedRoute[]>()

/** The routes of a build that declare a contract, by path (the order the document lists them in). */
export function contractedRoutes(build: ServerBuild): ContractedRoute[] {
  let routes = listed.get(build)
  if (!routes) {
    routes = []
    for (const route of Object.values(build.routes)) {
      const contract = (route.module as { contract?: RouteContract }).contract
      if (contract) routes.push({ id: route.id, path: pathOf(build, route.id), contract })
    }
    routes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    listed.set(build, routes)
  }
  return routes
}

function pathOf(build: ServerBuild, id: string) {
  const parts: string[] = []
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path)
  }
  const path = parts.join('/').replace(/:([A-Za-z0-9_]+)/g, '{$1}')
  return path.startsWith('/') ? path : `/${path}`
}
