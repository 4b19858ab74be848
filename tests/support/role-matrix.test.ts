// The role matrix (issue 26): every route a manager may call, walked from the route inventory as
// organisation A's owner, admin and member, a member of organisation B, an API key with every scope
// and an anonymous caller. Each answer is checked against the one policy (app/models/permissions.ts):
// what a role may do is never refused, what it may not do is a 403 with the reason and changes
// nothing. A route the inventory does not tie to a permission fails here.
import { beforeAll, expect, test } from 'vitest'
import { API_SCOPES } from '~/areas/organisation/route-contract'
import { can, refusalOf, type Actor } from '~/areas/organisation/permissions'
import { givenOperator, givenTeammate } from '../fixtures/people'
import type { TestClient } from './client'
import { snapshotOf } from './db-checksum'
import { aValidOwnerAdminBody, bodyOfAIds, call, formOfAIds, givenOrganisationA, idFor, SECRET, withParams, type World } from './organisation-a'
import { routeFiles, type RouteFile } from './route-files'
import { findApiOperation, permissionFor, ROUTE_INVENTORY, type Method } from './route-inventory'
import { withTestServer } from './server'

const app = withTestServer()
let A: World
let plainMemberId: string
let key: string
const people = {} as Record<'owner' | 'admin' | 'member' | 'other', TestClient>

// A is the deployment's first organisation, so its owner and admin may also use the system switch.
const ACTORS: Record<keyof typeof people, Actor> = {
  owner: { role: 'owner', operator: true },
  admin: { role: 'admin', operator: true },
  member: { role: 'member', operator: true },
  other: { role: 'member', operator: false },
}

beforeAll(async () => {
  const owner = await app.signedIn('roles-a-owner@x.test')
  await givenOperator('roles-a-owner@x.test')
  A = await givenOrganisationA(owner, 'roles-a-owner@x.test')
  await givenTeammate('roles-a-owner@x.test', 'roles-a-admin@x.test', 'admin')
  await givenTeammate('roles-a-owner@x.test', 'roles-a-member@x.test', 'member')
  // Whom a role change is tried on: a plain member, so only the role of the one asking decides.
  plainMemberId = (await givenTeammate('roles-a-owner@x.test', 'roles-a-target@x.test', 'member')).id
  await app.signedIn('roles-b-owner@x.test')
  await givenTeammate('roles-b-owner@x.test', 'roles-b-member@x.test', 'member')
  Object.assign(people, {
    owner,
    admin: await app.signedIn('roles-a-admin@x.test'),
    member: await app.signedIn('roles-a-member@x.test'),
    other: await app.signedIn('roles-b-member@x.test'),
  })
  const made = (await (await owner.post('/api/api-keys', { name: 'Every scope', scopes: [...API_SCOPES] })).json()) as { key?: string }
  if (!made.key) throw new Error(`role matrix: could not make an API key: ${JSON.stringify(made)}`)
  key = made.key
})

const routes = routeFiles().filter((r) => r.file !== 'logout.ts')
const entryOf = (r: RouteFile) => ROUTE_INVENTORY[r.file]!
const forManagers = (r: RouteFile) => entryOf(r).callers.some((c) => c === 'manager' || c === 'member-needs-owner/admin')

// Leaving is every member's right, and ends the caller's own membership: walked here, it would sign
// every later call of that person out. app/routes/api.members.test.ts and _app.team.test.ts cover it.
const ENDS_OWN_MEMBERSHIP = new Set(['leave'])

/** Every call a route answers: each method, and each intent of a page's form post. */
function callsOf(route: RouteFile) {
  const entry = entryOf(route)
  const calls: { method: Method; intent?: string }[] = []
  for (const method of entry.methods.filter((m) => m !== 'HEAD')) {
    if (method === 'POST' && entry.kind === 'page' && entry.intents) for (const intent of entry.intents.filter((i) => !ENDS_OWN_MEMBERSHIP.has(i))) calls.push({ method, intent })
    else calls.push({ method })
  }
  return calls
}

const urlOf = (route: RouteFile) => withParams(route, (p) => (p === 'userId' ? plainMemberId : idFor(A, route.file, p)))

async function ask(client: TestClient, who: string, route: RouteFile, method: Method, intent?: string, headers?: Record<string, string>) {
  const url = urlOf(route)
  if (method === 'GET') return call(client, who, url, method, undefined, false, headers)
  const entry = entryOf(route)
  // Beyond everyday work, a body the owner could send: the answer is about the role, not the input.
  if (entry.kind === 'api') return call(client, who, url, method, permissionFor(entry, method) === 'work' ? bodyOfAIds(A) : aValidOwnerAdminBody(A, route.file), false, headers)
  return call(client, who, url, method, formOfAIds(A, intent ?? ''), true, headers)
}

test('every route a manager may call is tied to a permission of the policy, and only those', () => {
  const problems: string[] = []
  for (const route of routes) {
    const entry = entryOf(route)
    const ownerAdminOnly = entry.callers.includes('member-needs-owner/admin')
    if (forManagers(route) && !entry.permission) problems.push(`app/routes/${route.file}: say which permission it needs (its contract's permission: 'work' | 'team' | …)`)
    if (!forManagers(route) && entry.permission) problems.push(`app/routes/${route.file}: no manager calls it, yet it names a permission`)
    if (entry.permission && ownerAdminOnly !== !can({ role: 'member' }, entry.permission)) {
      problems.push(`app/routes/${route.file}: callers say ${ownerAdminOnly ? 'owner/admin only' : 'any manager'}, the policy says ${entry.permission}`)
    }
    for (const intent of Object.keys(entry.intentPermissions ?? {})) if (!entry.intents?.includes(intent)) problems.push(`app/routes/${route.file}: intentPermissions names ${intent}, which is not an intent`)
  }
  expect(problems).toEqual([])
})

test('what the policy refuses a member, a member of another organisation or a stranger is a 403 (or a sign-in) with the reason, and changes nothing', { timeout: 120_000 }, async () => {
  const before = await snapshotOf(A.orgId)
  const problems: string[] = []
  let refusals = 0
  for (const route of routes.filter(forManagers)) {
    const entry = entryOf(route)
    for (const { method, intent } of callsOf(route)) {
      const permission = permissionFor(entry, method, intent)!
      const what = `${method} ${urlOf(route)}${intent ? ` intent=${intent}` : ''}`
      for (const who of ['member', 'other'] as const) {
        if (can(ACTORS[who], permission)) continue
        refusals++
        const r = await ask(people[who], who, route, method, intent)
        const where = `${who} ${what} answered ${r.status}`
        if (r.status !== 403) problems.push(`${where}, expected 403 (needs ${permission}): ${r.body.slice(0, 80)}`)
        else if (!saysWhy(r.body, permission, entry.kind === 'api')) problems.push(`${where}: a 403 without the reason (${refusalOf(permission)})`)
      }
      const anonymous = await ask(app.client(), 'anonymous', route, method, intent)
      const api = anonymous.url.startsWith('/api/')
      if (anonymous.status !== (api ? 401 : 302)) problems.push(`anonymous ${what} answered ${anonymous.status}, expected ${api ? '401' : 'a redirect to sign in'}`)
    }
  }
  expect(problems).toEqual([])
  expect(refusals).toBeGreaterThan(10)
  expect(await snapshotOf(A.orgId)).toEqual(before)
})

test('an API key is never more than an admin: it reaches what its scopes and the policy allow, and nothing of the team, settings or audit log', async () => {
  const problems: string[] = []
  const keyActor: Actor = { role: 'api-key', apiKeyId: 'any' }
  for (const route of routes.filter((r) => forManagers(r) && entryOf(r).kind !== 'page')) {
    const entry = entryOf(route)
    for (const { method } of callsOf(route)) {
      const permission = permissionFor(entry, method)!
      const r = await ask(app.client(), 'API key', route, method, undefined, { Authorization: `Bearer ${key}` })
      const where = `API key ${method} ${r.url} answered ${r.status}`
      // The operation table gives a key its scope; the policy has the last word.
      const scope = findApiOperation(method, new URL(r.url, 'http://x').pathname)?.scope
      const allowed = scope !== undefined && can(keyActor, permission)
      if (scope && !can(keyActor, permission)) problems.push(`${method} ${route.file}: the scope ${scope} lets keys in, the policy does not (${permission})`)
      if (r.status >= 500) problems.push(where)
      else if (allowed && (r.status === 401 || r.status === 403)) problems.push(`${where}: refused, but its scope ${scope} and the policy allow it`)
      // A page may send the key's caller to sign in; an /api route refuses outright.
      else if (!allowed && ![401, 403, ...(entry.kind === 'api' ? [] : [302])].includes(r.status)) problems.push(`${where}: expected a refusal (needs ${permission}; no key scope reaches it)`)
    }
  }
  expect(problems).toEqual([])
})

test('everyone is refused nothing the policy gives their role, and another organisation still finds none of A’s things', { timeout: 180_000 }, async () => {
  const problems: string[] = []
  // The owner last: their calls may delete what the others' would have found.
  for (const who of ['other', 'member', 'admin', 'owner'] as const) {
    for (const route of routes.filter(forManagers)) {
      const entry = entryOf(route)
      for (const { method, intent } of callsOf(route)) {
        const permission = permissionFor(entry, method, intent)!
        if (!can(ACTORS[who], permission)) continue
        const r = await ask(people[who], who, route, method, intent)
        const where = `${who} ${method} ${r.url}${intent ? ` intent=${intent}` : ''} answered ${r.status}`
        if (r.status >= 500) problems.push(`${where}: ${r.body.slice(0, 120)}`)
        else if (r.status === 401 || r.status === 403) problems.push(`${where}: refused, but the policy gives ${who === 'other' ? 'a member' : `the ${who}`} ${permission}`)
        if (who !== 'other') continue
        if (r.body.includes(SECRET)) problems.push(`${where}: leaked organisation A's data`)
        if (route.params.length > 0 && r.status < 400 && !(entry.kind === 'page' && method === 'POST')) problems.push(`${where}: organisation A's thing answered to another organisation`)
      }
    }
  }
  expect(problems).toEqual([])
})

/** The refusal says why: the policy's reason on the error page, a `{ error }` message from /api. */
function saysWhy(body: string, permission: Parameters<typeof refusalOf>[0], api: boolean) {
  if (!api) return body.replace(/&#x27;|&#39;/g, "'").includes(refusalOf(permission))
  try {
    const { error } = JSON.parse(body) as { error?: unknown }
    return typeof error === 'string' && error.length > 0
  } catch {
    return false
  }
}
