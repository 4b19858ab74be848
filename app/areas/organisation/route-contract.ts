// A route's contract (decision 121): every module under app/routes exports `contract`, the one place
// that says who may call it and how. Everything else is derived from these declarations: the route
// inventory the role, isolation and fuzz tests walk (read from the build), the OpenAPI document and
// /docs/api (app/lib/openapi.ts, from the build's routes), and what an API key may do (the route hands
// its own contract to requireApiManager). A new route without one fails route-inventory.test.ts.
//
// Declare it as a plain object (`export const contract: RouteContract = { … }`): a page ships no code
// for it, since the browser build keeps only a page's component exports and drops an unused literal.
// Only /api routes list operations, and only they import schemas for them.
//
// kind: page (a document) | api (JSON under /api) | resource (files: PDF, PNG, images, redirects).
// callers: who may legitimately call it; everyone else must be refused.
//   anonymous — nobody signed in (vendors, sign-in, public files)
//   manager — any signed-in member of an organisation, on their own organisation's data
//   member-needs-owner/admin — signed in, but only an owner or admin may (members are refused; `permission` says which)
//   runner-token — a runner's token (header X-Runner-Token, ?token= or the portal path)
//   delivery-token — one assignment's shareable delivery-link token
//   tracking-token — one request's vendor tracking token (also its stop-messages link)
//   api-key — an organisation's API key (Authorization: Bearer), within the key's scopes
//   internal — another machine of ours (replica -> primary relay), HMAC-signed; never a browser
// methods: exactly what the route answers (the server's Allow header; checked against the build).
// intents: for pages whose action dispatches on a form `intent`, the intents it accepts.
// permission (with methodPermissions, intentPermissions): what the one policy asks of a signed-in
//   caller, from the table in app/models/permissions.ts; the role matrix walks it role by role.
// operations: what /api/openapi.json lists, one per method; `scope` is the API-key scope that reaches
//   it (none: keys are refused, so account, settings and key management stay with people).
import type { AppLoadContext } from '@remix-run/node'
import type { ZodType } from 'zod'
import type { Permission } from '~/areas/organisation/permissions'

export const API_SCOPES = [
  'requests:read',
  'requests:write',
  'catalog:read',
  'catalog:write',
  'dispatch:write',
  'invoices:read',
  'stock:read',
  'stock:write',
  'purchasing:read',
  'purchasing:write',
] as const
export type ApiScope = (typeof API_SCOPES)[number]

export type RouteKind = 'page' | 'api' | 'resource'
export type Caller = 'anonymous' | 'manager' | 'member-needs-owner/admin' | 'runner-token' | 'delivery-token' | 'tracking-token' | 'api-key' | 'internal'
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
/** Who the OpenAPI document says may call an operation; by default what the route's callers say. */
export type ApiAccess = 'manager' | 'public' | 'runner'

export type Operation = {
  method: Exclude<Method, 'HEAD'>
  summary: string
  scope?: ApiScope
  access?: ApiAccess
  body?: ZodType
  query?: ZodType
  /** What a successful call answers as JSON: its area's answer schema (integrations/responses.schema.ts, requests/request-answer.schema.ts). */
  response?: ZodType
  multipart?: boolean
  success?: number
  csv?: boolean
  pdf?: boolean
  /** A text/event-stream answer (GET /api/events). */
  eventStream?: boolean
  /** What a 422 answers, for an operation whose refusal says more than `error` (a CSV import's rows). */
  unprocessable?: { description: string; response: ZodType }
  /** Request headers the operation reads, e.g. Idempotency-Key. */
  headers?: { name: string; description: string }[]
}

export type RouteContract = {
  kind: RouteKind
  callers: Caller[]
  methods: Method[]
  intents?: string[]
  /**
   * What the policy (app/models/permissions.ts) asks of a signed-in caller: every route a manager
   * may call names one, and the role matrix checks each role's answer against it.
   */
  permission?: Permission
  /** Methods that ask more than `permission` (changing what anyone may read). */
  methodPermissions?: Partial<Record<Method, Permission>>
  /** Intents that ask more than `permission`, on a page every member may open. */
  intentPermissions?: Record<string, Permission>
  operations?: Operation[]
}

/** The operation a method calls (HEAD is GET's), or undefined when the route lists none for it. */
export function operationOf(contract: Pick<RouteContract, 'operations'>, method: string): Operation | undefined {
  const m = method === 'HEAD' ? 'GET' : method
  return contract.operations?.find((operation) => operation.method === m)
}

/** What the document says about who may call an operation: its own `access`, else the route's callers'. */
export function accessOf(contract: RouteContract, operation: Operation): ApiAccess {
  if (operation.access) return operation.access
  if (contract.callers.some((c) => c === 'manager' || c === 'member-needs-owner/admin' || c === 'api-key')) return 'manager'
  if (contract.callers.some((c) => c === 'runner-token' || c === 'delivery-token')) return 'runner'
  return 'public'
}

/** A route's contract with the URL path Remix serves it at (app/lib/server/route-contracts.ts lists them). */
export type ContractedRoute = {
  /** The build's route id, e.g. `routes/api+/requests.$id`. */
  id: string
  /** The URL path as OpenAPI writes it, e.g. `/api/requests/{id}`. */
  path: string
  contract: RouteContract
}

/** What the server puts in every loader's context for the OpenAPI document and /docs/api. */
export type RouteContractsContext = { routeContracts: () => Promise<ContractedRoute[]> }

/** Every contracted route of the build serving this request, by path. */
export const routeContractsOf = (context: AppLoadContext) => (context as RouteContractsContext).routeContracts()
