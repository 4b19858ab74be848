// The three deployment files describe one machine; a change to one that the others do not follow
// would only show on Fly. Ports: Fly -> LiteFS proxy -> app; the volume under LiteFS's data;
// the database inside LiteFS's FUSE mount; health checks on real routes; migrations only where
// the lease can be; Node 22.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/** Just enough TOML for fly.toml: tables, arrays of tables, strings, numbers, booleans. */
function parseToml(text: string) {
  const root: Record<string, unknown> = {}
  let table: Record<string, unknown> = root
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').trim()
    if (!line || line.startsWith('#')) continue
    const header = line.match(/^(\[\[?)([^\]]+)\]\]?$/)
    if (header) {
      const keys = header[2]!.trim().split('.')
      let at: Record<string, unknown> = root
      for (const key of keys.slice(0, -1)) {
        const next = at[key]
        at = (Array.isArray(next) ? next.at(-1) : (at[key] ??= {})) as Record<string, unknown>
      }
      const last = keys.at(-1)!
      if (header[1] === '[[') {
        const list = (at[last] ??= []) as Record<string, unknown>[]
        list.push((table = {}))
      } else table = (at[last] ??= {}) as Record<string, unknown>
      continue
    }
    const [, key, value] = line.match(/^([\w-]+)\s*=\s*(.+)$/) ?? []
    if (key) table[key] = JSON.parse(value!.replace(/^'(.*)'$/, '"$1"'))
  }
  return root
}

/** Just enough YAML for litefs.yml: nested maps by indentation, lists of maps, scalars. */
type Line = { indent: number; text: string }
function yamlScalar(value: string): unknown {
  const t = value.trim()
  if (/^".*"$/.test(t)) return t.slice(1, -1)
  if (t.startsWith('[')) return JSON.parse(t)
  if (t === 'true' || t === 'false') return t === 'true'
  return t
}
function yamlBlock(lines: Line[], start: number, indent: number): [unknown, number] {
  let i = start
  if (lines[i]!.text.startsWith('- ')) {
    const list: unknown[] = []
    while (i < lines.length && lines[i]!.indent === indent && lines[i]!.text.startsWith('- ')) {
      const item: Line[] = [{ indent: indent + 2, text: lines[i]!.text.slice(2) }]
      i++
      while (i < lines.length && lines[i]!.indent > indent) item.push(lines[i++]!)
      list.push(yamlBlock(item, 0, indent + 2)[0])
    }
    return [list, i]
  }
  const map: Record<string, unknown> = {}
  while (i < lines.length && lines[i]!.indent === indent) {
    const [, key, value] = lines[i]!.text.match(/^([\w-]+):\s*(.*)$/)!
    i++
    if (value) map[key!] = yamlScalar(value)
    else if (i < lines.length && lines[i]!.indent > indent) [map[key!], i] = yamlBlock(lines, i, lines[i]!.indent)
    else map[key!] = null
  }
  return [map, i]
}
function parseYaml(text: string) {
  const lines = text
    .split('\n')
    .filter((l) => l.trim() && !l.trim().startsWith('#'))
    .map((l) => ({ indent: l.length - l.trimStart().length, text: l.trim() }))
  return yamlBlock(lines, 0, 0)[0] as Record<string, unknown>
}

const read = (file: string) => fs.readFileSync(path.resolve(file), 'utf8')
const fly = parseToml(read('fly.toml')) as {
  env: Record<string, string>
  mounts: { destination: string }
  http_service: { internal_port: number; checks: { path: string; method: string }[] }
}
const litefs = parseYaml(read('other/litefs.yml')) as {
  fuse: { dir: string }
  data: { dir: string }
  proxy: { addr: string; target: string; db: string; passthrough: string[] }
  lease: { candidate: string }
  exec: { cmd: string; 'if-candidate'?: boolean }[]
}
const dockerfile = read('Dockerfile')
const expand = (value: string) => value.replace(/\$\{(\w+)\}/g, (_, name: string) => fly.env[name] ?? `\${${name}}`)

describe('the Fly, LiteFS and image settings agree', () => {
  test('Fly sends traffic to the LiteFS proxy, which forwards to the port the app listens on', () => {
    expect(litefs.proxy.addr).toBe(`:${fly.http_service.internal_port}`)
    expect(litefs.proxy.target).toBe(`localhost:${fly.env.PORT}`)
    expect(fly.env.PORT).not.toBe(String(fly.http_service.internal_port))
  })

  test('the volume holds LiteFS’s data, and the app’s database lives inside the FUSE mount it replicates', () => {
    expect(litefs.data.dir).toBe(fly.mounts.destination)
    const fuseDir = expand(litefs.fuse.dir)
    expect(fuseDir).toBe(fly.env.LITEFS_DIR)
    expect(fly.env.DATABASE_URL).toBe(`file:${fuseDir}/${litefs.proxy.db}`)
    expect(fuseDir.startsWith(fly.mounts.destination)).toBe(false)
  })

  test('health checks ask routes the app serves', () => {
    const routes = fs.readdirSync(path.resolve('app/routes'))
    expect(fly.http_service.checks.length).toBeGreaterThan(0)
    for (const check of fly.http_service.checks) {
      expect(check.method).toBe('GET')
      expect(routes).toContain(`${check.path.slice(1).replaceAll('/', '.')}.ts`)
      // Through the proxy even while the primary is away.
      expect(litefs.proxy.passthrough).toContain(check.path)
    }
  })

  test('only the lease candidate migrates, before the server starts, with what the image contains', () => {
    const migrations = litefs.exec.filter((step) => /migrat/.test(step.cmd))
    expect(migrations.length).toBeGreaterThan(0)
    for (const step of migrations) expect(step['if-candidate']).toBe(true)
    const server = litefs.exec.findIndex((step) => step.cmd.includes('build/server.js'))
    expect(server).toBe(litefs.exec.length - 1)
    expect(litefs.lease.candidate).toMatch(/FLY_REGION == PRIMARY_REGION/)
    for (const step of litefs.exec) {
      const script = step.cmd.match(/node (\S+)/)?.[1]
      if (script) expect(dockerfile).toMatch(/COPY --from=build \/app\/build \.\/build/)
      expect(step.cmd).not.toMatch(/npx (?!--no-install)/)
    }
  })

  test('the server runs with the heap limits `npm start` gives it, so a machine keeps to the memory the bench measured', () => {
    const start = JSON.parse(read('package.json')).scripts.start as string
    const flags = /\bnode (.*?)\s*build\/server\.js/.exec(start)?.[1]
    expect(flags).toMatch(/--max-old-space-size=\d+/)
    const server = litefs.exec.find((step) => step.cmd.includes('build/server.js'))!
    expect(server.cmd).toBe(`node ${flags} build/server.js`)
  })

  test('the image runs Node 22 LTS and LiteFS as its entry point with this config', () => {
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]!)
    expect(froms[0]).toMatch(/^node:22(\.|-)/)
    expect(dockerfile).toContain('COPY other/litefs.yml /etc/litefs.yml')
    expect(dockerfile).toMatch(/ENTRYPOINT \["litefs", "mount"\]/)
    expect(fly.env.NODE_ENV).toBe('production')
  })
})
