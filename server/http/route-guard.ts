// One place that answers a wrong method (405 + Allow) or an unreadable body (415/400) for every route,
// by asking the Remix build which route a request lands on and what that route's module exports.
// New routes are covered without their authors doing anything: a page takes GET and POST (when it
// has an action), a resource route GET when it has a loader, and its action the methods it declares
// through apiAction's `methods` (POST when it declares none).
import type { ServerBuild } from '@remix-run/node'
import { matchRoutes } from '@remix-run/react'
import type { NextFunction, Request, Response } from 'express'
import { refuse } from './refusal'
import { acceptedMethods, UnreadableBody } from '~/lib/http.server'

type BuildRoute = ServerBuild['routes'][string]
type RouteModule = BuildRoute['module']
type RouteObject = NonNullable<Parameters<typeof matchRoutes>[0]>[number]
type Indexed = { tree: RouteObject[]; byId: Map<string, BuildRoute>; matched: Map<string, RouteObject[] | null> }
/** Paths remembered per build: matchRoutes flattens and ranks all ~99 routes on every call. */
const MAX_MATCHED_PATHS = 2000
/** Longer paths are matched each time, not remembered: the splat route answers any path a visitor sends. */
const LONGEST_REMEMBERED_PATH = 256

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']
// /api routes, and the replicas' scan relay, read JSON (or a multipart upload) themselves.
const READS_ITS_OWN_BODY = /^\/(api|internal)\//
const indexes = new WeakMap<ServerBuild, Indexed>()

function indexOf(build: ServerBuild): Indexed {
  let index = indexes.get(build)
  if (!index) {
    const all = Object.values(build.routes)
    const children = (parentId: string | undefined): RouteObject[] =>
      all
        .filter((r) => r.parentId === parentId)
        .map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: children(r.id) }) as RouteObject)
    index = { tree: children(undefined), byId: new Map(all.map((r) => [r.id, r])), matched: new Map() }
    indexes.set(build, index)
  }
  return index
}

const isPage = (module: RouteModule) => Boolean(module.default || module.ErrorBoundary)

/** The methods a route module answers, in the order the Allow header lists them. */
export function allowedMethods(module: RouteModule): string[] {
  const allowed: string[] = []
  if (module.loader || module.default) allowed.push('GET', 'HEAD')
  if (module.action) allowed.push(...(acceptedMethods(module.action) ?? ['POST']))
  return allowed
}

/** The route whose loader or action Remix would run for this request (its own rules, mirrored). */
export function targetRoute(build: ServerBuild, pathname: string, search: URLSearchParams, method: string) {
  const { tree, byId, matched } = indexOf(build)
  const dataRoute = search.get('_data')
  if (dataRoute && byId.has(dataRoute)) return byId.get(dataRoute)!
  let routes = matched.get(pathname)
  if (routes === undefined) {
    routes = matchRoutes(tree, pathname, build.basename)?.map((m) => m.route) ?? null
    if (pathname.length <= LONGEST_REMEMBERED_PATH) {
      if (matched.size >= MAX_MATCHED_PATHS) matched.clear()
      matched.set(pathname, routes)
    }
  }
  const matches = routes?.map((route) => ({ route }))
  if (!matches?.length) return null
  const leaf = byId.get(matches[matches.length - 1]!.route.id!)!
  if (!isPage(leaf.module) || method === 'GET' || method === 'HEAD') return leaf
  // A form post lands on the deepest route with a path of its own, or on an index route asked by ?index.
  if (leaf.index && search.getAll('index').some((v) => v === '')) return leaf
  const withPath = matches.filter((m, i) => i === 0 || (m.route.path && m.route.path.length > 0))
  return byId.get(withPath[withPath.length - 1]!.route.id!)!
}


export function routeGuard(getBuild: () => Promise<ServerBuild> | ServerBuild) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const build = await getBuild()
      const url = new URL(req.originalUrl, 'http://local')
      const route = targetRoute(build, url.pathname, url.searchParams, req.method)
      if (!route) return next()
      // For the direct JSON lane after it, which answers some routes' posts without Remix.
      res.locals.route = route
      const allowed = allowedMethods(route.module)
      if (allowed.length === 0) return next()
      if (!allowed.includes(req.method)) {
        res.set('Allow', allowed.join(', '))
        return refuse(req, res, 405, `Method ${req.method} is not allowed here. Allowed: ${allowed.join(', ')}.`)
      }
      // Pages and their form endpoints read forms; /api routes read JSON (or a multipart upload) themselves,
      // and so does /internal (a replica's signed JSON relay to the primary).
      const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
      if (req.method !== 'GET' && req.method !== 'HEAD' && !READS_ITS_OWN_BODY.test(req.path) && type && !FORM_TYPES.includes(type)) {
        return refuse(req, res, 415, 'This address takes a form post (application/x-www-form-urlencoded or multipart/form-data).')
      }
      next()
    } catch (err) {
      next(err)
    }
  }
}

/**
 * The build with every action's body readers made safe: a form or JSON body that cannot be parsed
 * becomes a 400 with a readable message (the /api contract's `{ error, fieldErrors }` via apiAction),
 * never a 500.
 */
export function withReadableBodies(build: ServerBuild): ServerBuild {
  const cached = wrappedBuilds.get(build)
  if (cached) return cached
  const routes: ServerBuild['routes'] = {}
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route.module.action
    routes[id] = action ? { ...route, module: { ...route.module, action: guardBodies(action) } } : route
  }
  const wrapped = { ...build, routes }
  wrappedBuilds.set(build, wrapped)
  return wrapped
}
const wrappedBuilds = new WeakMap<ServerBuild, ServerBuild>()

type Action = NonNullable<RouteModule['action']>

function guardBodies(action: Action): Action {
  const guarded: Action = async (args) => {
    const request = args.request
    for (const reader of ['formData', 'json'] as const) {
      const read = request[reader].bind(request)
      Object.defineProperty(request, reader, {
        value: async () => {
          try {
            return await read()
          } catch {
            throw new UnreadableBody(reader === 'json' ? 'Request body must be valid JSON.' : 'We could not read the form that was sent.')
          }
        },
      })
    }
    try {
      return await action(args)
    } catch (err) {
      if (err instanceof UnreadableBody) throw new globalThis.Response(err.message, { status: 400, statusText: err.message, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
      throw err
    }
  }
  return Object.assign(guarded, action)
}
