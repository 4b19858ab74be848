// The route inventory: what every module under app/routes is, who may call it and how, read from the
// `contract` each route module exports (app/lib/route-contract.ts says what its fields mean) in the
// build the tests serve. route-inventory.test.ts fails when a route declares none, and the isolation
// matrix and the fuzzing are driven from it, so a new route cannot ship unclassified or untested.
import path from 'node:path'
import url from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { operationOf, type Method, type RouteContract } from '~/areas/organisation/route-contract'
import { contractedRoutes } from '../../server/http/route-contracts'
import { routeFiles } from './route-files'

export type { Caller, Method, RouteKind } from '~/areas/organisation/route-contract'
export type RouteEntry = RouteContract

/** What one call asks of the policy: the intent's, else the method's, else the route's permission. */
export function permissionFor(entry: RouteEntry, method: Method, intent?: string) {
  return (intent ? entry.intentPermissions?.[intent] : undefined) ?? entry.methodPermissions?.[method] ?? entry.permission
}

const build = (await import(url.pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild

/** The build's id of a route file: `api+/products.$id.ts` → `routes/api+/products.$id`. */
export const routeIdOf = (file: string) => `routes/${file.replace(/\.(tsx|ts)$/, '')}`

const contracted = contractedRoutes(build)
const byId = new Map(contracted.map((route) => [route.id, route]))

/** Every route file's contract, by file name; a file whose module declares none is missing. */
export const ROUTE_INVENTORY: Record<string, RouteEntry> = Object.fromEntries(
  routeFiles().flatMap((f) => {
    const route = byId.get(routeIdOf(f.file))
    return route ? [[f.file, route.contract]] : []
  }),
)

/** Build routes that declare a contract but have no file under app/routes (a stale build). */
export const CONTRACTS_WITHOUT_FILE = contracted.filter((route) => !routeFiles().some((f) => routeIdOf(f.file) === route.id)).map((route) => route.id)

const matchers = contracted.map((route) => ({ route, pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`) }))

/** The operation a method and path are (from the contract of the route at that path), or undefined. */
export function findApiOperation(method: string, pathname: string) {
  for (const { route, pattern } of matchers) {
    const operation = pattern.test(pathname) ? operationOf(route.contract, method) : undefined
    if (operation) return operation
  }
  return undefined
}
