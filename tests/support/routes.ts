// Every route in app/routes as a URL a test can request, so a suite that walks them covers a new
// route by default. Parameters are filled from seeded ids by name and by the segment before them.
import fs from 'node:fs'
import path from 'node:path'

/** A route module of app/routes, its `+` folders included: not a component or `*.server.ts` kept beside it. */
function isRouteModulePath(file: string) {
  const folders = file.replace(/\+\//g, '.').split('/').slice(0, -1).filter((d) => !d.endsWith('+'))
  if (folders.length === 0) return !/\.server\.tsx?$/.test(file)
  // Remix's own folder route: `name/route.tsx`, with its helpers beside it.
  return folders.length === 1 && /\/route\.tsx?$/.test(file)
}

export type RouteFile = { file: string; url: string; hasLoader: boolean; hasAction: boolean }

/** Remix v2 flat-route file name -> URL path, with `$param`s filled by `fill(param, the literal segment before it)`. */
export function routeUrl(name: string, fill: (param: string, previous: string) => string) {
  const segments: string[] = []
  let previous = ''
  // "[.pdf]" escapes a dot; split on the other dots only.
  const parts = name.match(/(\[[^\]]*\]|[^.[\]]+)+/g) ?? []
  for (const part of parts) {
    const literal = part.replace(/\[([^\]]*)\]/g, '$1')
    if (part === '_index' || (part.startsWith('_') && !part.includes('['))) continue
    if (part === '$') segments.push('no-such-page')
    else if (part.startsWith('$')) segments.push(fill(part.slice(1).replace(/\[.*$/, ''), previous) + literal.slice(part.replace(/\[.*$/, '').length))
    else segments.push((previous = literal))
  }
  return `/${segments.join('/')}`
}

export function listRoutes(fill: (param: string, previous: string) => string): RouteFile[] {
  const dir = path.resolve('app/routes')
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter(isRouteModulePath)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((file) => {
      const source = fs.readFileSync(path.join(dir, file), 'utf8')
      const name = file.replace(/\+\//g, '.').replace(/\/route(?=\.tsx?$)/, '').replace(/\.tsx?$/, '')
      return {
        file,
        url: routeUrl(name, fill),
        // A page without a loader still answers GET with its HTML.
        hasLoader: /export (const|async function|function) loader\b/.test(source) || /export default/.test(source),
        hasAction: /export (const|async function|function) action\b/.test(source),
      }
    })
}
