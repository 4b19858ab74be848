// Every route module under app/routes, read from the folder itself so a new route is walked and
// classified without anyone remembering to list it.
import fs from 'node:fs'
import path from 'node:path'

/** A route module of app/routes, its `+` folders included: not a component or `*.server.ts` kept beside it. */
function isRouteModulePath(file: string) {
  const folders = file.replace(/\+\//g, '.').split('/').slice(0, -1).filter((d) => !d.endsWith('+'))
  if (folders.length === 0) return !/\.server\.tsx?$/.test(file)
  // Remix's own folder route: `name/route.tsx`, with its helpers beside it.
  return folders.length === 1 && /\/route\.tsx?$/.test(file)
}

export type RouteFile = {
  /** The file name under app/routes, e.g. `api+/products.$id.ts`. */
  file: string
  /** A concrete URL for it, with every `$param` filled by `fill(name)`. */
  url: string
  /** Its `$param` names in order. */
  params: string[]
  exportsAction: boolean
  exportsLoader: boolean
  /** Has a page (default export): a document that only takes GET and form posts. */
  isPage: boolean
}

const ROUTES_DIR = path.resolve('app/routes')

/** Route segments split on dots outside [brackets], as Remix's flat routes read them. */
function segments(name: string) {
  const out: string[] = []
  let current = ''
  let escaped = false
  for (const ch of name) {
    if (ch === '[') escaped = true
    else if (ch === ']') escaped = false
    else if (ch === '.' && !escaped) {
      out.push(current)
      current = ''
      continue
    }
    current += ch
  }
  out.push(current)
  return out
}

export function routeUrl(file: string, fill: (param: string) => string = (p) => `walk-${p}`) {
  const params: string[] = []
  const parts: string[] = []
  for (const segment of segments(file.replace(/\+\//g, '.').replace(/\/route(?=\.tsx?$)/, '').replace(/\.(tsx|ts)$/, ''))) {
    if (segment === '_index' || (segment.startsWith('_') && !segment.startsWith('_['))) continue
    // A trailing `_` only says the route is not nested in the one before it (`$token_.load`): not part of the URL.
    const text = (segment.endsWith('_') && !segment.endsWith(']') ? segment.slice(0, -1) : segment).replace(/\[([^\]]*)\]/g, '$1')
    if (text === '$') {
      params.push('*')
      parts.push(fill('*'))
    } else if (text.startsWith('$')) {
      const match = /^\$([A-Za-z0-9_]+)(.*)$/.exec(text)!
      params.push(match[1]!)
      parts.push(fill(match[1]!) + match[2])
    } else parts.push(text)
  }
  return { url: '/' + parts.join('/'), params }
}

export function routeFiles(fill?: (param: string) => string): RouteFile[] {
  return fs
    .readdirSync(ROUTES_DIR, { recursive: true }).map(String).filter(isRouteModulePath)
    .filter((f) => /\.(tsx|ts)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .sort()
    .map((file) => {
      const source = fs.readFileSync(path.join(ROUTES_DIR, file), 'utf8')
      const { url, params } = routeUrl(file, fill)
      return {
        file,
        url,
        params,
        exportsAction: /export (const|async function|function) action\b/.test(source),
        exportsLoader: /export (const|async function|function) loader\b/.test(source),
        isPage: /export default\b/.test(source),
      }
    })
}
