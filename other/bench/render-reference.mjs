// The vendor page's second reference (issue 13): a bare renderToString of the same route component
// with the same loader data, in this process, with no HTTP, no Remix request handling and no
// database. It is what React alone costs for the page; the served page is judged against the
// node:http floor, and this row shows how much of the gap is rendering.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { UNSAFE_RemixContext } from '@remix-run/react'
import { createStaticRouter, StaticRouterProvider } from 'react-router-dom/server.js'
import { matchRoutes } from 'react-router-dom'

const ROUTE_ID = 'routes/vendor+/$propertyId.request'

/** Renders/s of the request page's component, given the page's URL and the cookie the load used. */
export async function renderReference({ pageUrl, cookie, seconds }) {
  const build = await import(pathToFileURL(path.resolve('build/index.js')).href)
  const url = new URL(pageUrl)
  const dataUrl = new URL(pageUrl)
  dataUrl.searchParams.set('_data', ROUTE_ID)
  const res = await fetch(dataUrl, { headers: { Cookie: cookie } })
  if (!res.ok) throw new Error(`loader data: ${res.status}`)
  const loaderData = { [ROUTE_ID]: await res.json() }
  const route = build.routes[ROUTE_ID]
  const routes = [{ id: ROUTE_ID, path: '/vendor/:propertyId/request', Component: route.module.default, hasErrorBoundary: false }]
  const routeModules = { [ROUTE_ID]: route.module }
  const remix = { manifest: build.assets, routeModules, future: build.future ?? {}, isSpaMode: false }
  const location = { pathname: url.pathname, search: url.search, hash: '', state: null, key: 'default' }
  const context = {
    basename: '',
    location,
    matches: matchRoutes(routes, location),
    loaderData,
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
  }
  const render = () => {
    const router = createStaticRouter(routes, context)
    return renderToString(createElement(UNSAFE_RemixContext.Provider, { value: remix }, createElement(StaticRouterProvider, { router, context, hydrate: false })))
  }
  const html = render()
  if (!html.includes('id="product-')) throw new Error('the bare render shows no products')
  const until = performance.now() + seconds * 1000
  let renders = 0
  while (performance.now() < until) {
    render()
    renders++
  }
  return { perSecond: renders / seconds, bytes: html.length }
}
