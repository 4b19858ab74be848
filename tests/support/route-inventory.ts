// The route inventory: the source of truth for what every module under app/routes is, who may call
// it and how. route-inventory.test.ts fails when a route file has no entry here (or an entry no
// file), and the isolation matrix and the fuzzing are driven from it, so a new route cannot ship
// unclassified or untested. Adding a route = adding ONE line below.
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

import type { Permission } from '~/models/permissions'

export type RouteKind = 'page' | 'api' | 'resource'
export type Caller = 'anonymous' | 'manager' | 'member-needs-owner/admin' | 'runner-token' | 'delivery-token' | 'tracking-token' | 'api-key' | 'internal'
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type RouteEntry = {
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
}

/** What one call asks of the policy: the intent's, else the method's, else the route's permission. */
export function permissionFor(entry: RouteEntry, method: Method, intent?: string): Permission | undefined {
  return (intent ? entry.intentPermissions?.[intent] : undefined) ?? entry.methodPermissions?.[method] ?? entry.permission
}

const R: Method[] = ['GET', 'HEAD']
const RP: Method[] = ['GET', 'HEAD', 'POST']
const P: Method[] = ['POST']
const D: Method[] = ['DELETE']
const OA = 'member-needs-owner/admin' as const

export const ROUTE_INVENTORY: Record<string, RouteEntry> = {
  '$.tsx': { kind: 'page', callers: ['anonymous'], methods: R },
  'docs.api.tsx': { kind: 'page', callers: ['anonymous'], methods: R },
  '_app._index.tsx': { kind: 'page', callers: ['manager'], methods: R, permission: 'work' },
  '_app.billing.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['create', 'from-requests', 'email', 'status', 'archive', 'restore', 'delete'], permission: 'work' },
  '_app.dispatch.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['assign', 'add-runner', 'link', 'rotate', 'run', 'move-stop'], permission: 'work' },
  '_app.import.tsx': { kind: 'page', callers: [OA], methods: RP, intents: ['preview', 'apply'], permission: 'import' },
  '_app.map.tsx': { kind: 'page', callers: ['manager'], methods: R, permission: 'work' },
  '_app.notifications.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['read', 'read-all', 'delete'], permission: 'work' },
  '_app.products.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['create', 'update', 'delete', 'translations', 'category-translations'], permission: 'work' },
  '_app.properties.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['create', 'update', 'delete', 'assign', 'remove', 'qr-activate', 'qr-deactivate', 'par-level', 'reorder', 'standing-order-create', 'standing-order-delete', 'request-fields'], permission: 'work' },
  '_app.qr-codes.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['generate', 'activate', 'deactivate'], permission: 'work' },
  '_app.reports.tsx': { kind: 'page', callers: ['manager'], methods: R, permission: 'work' },
  '_app.requests.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['status', 'create'], permission: 'work' },
  '_app.settings.tsx': {
    kind: 'page',
    callers: ['manager'],
    methods: RP,
    intents: ['preferences', 'system', 'organisation', 'organisation-identity', 'integrations-create-key', 'integrations-revoke-key', 'integrations-create-webhook', 'integrations-delete-webhook', 'integrations-resend'],
    permission: 'work',
    intentPermissions: {
      system: 'system',
      organisation: 'organisation',
      'organisation-identity': 'organisation',
      'integrations-create-key': 'integrations',
      'integrations-revoke-key': 'integrations',
      'integrations-create-webhook': 'integrations',
      'integrations-delete-webhook': 'integrations',
      'integrations-resend': 'integrations',
    },
  },
  '_app.team.tsx': {
    kind: 'page',
    callers: ['manager'],
    methods: RP,
    intents: ['invite', 'revoke', 'resend', 'role', 'remove', 'transfer', 'leave'],
    permission: 'work',
    intentPermissions: { invite: 'team', revoke: 'team', resend: 'team', role: 'team', remove: 'team', transfer: 'ownership' },
  },
  '_app.tsx': { kind: 'page', callers: ['manager'], methods: R, permission: 'work' },
  '_app.vendors.tsx': { kind: 'page', callers: ['manager'], methods: R, permission: 'work' },
  'api.$.ts': { kind: 'api', callers: ['anonymous'], methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] },
  'api.admin.system-settings.ts': { kind: 'api', callers: ['manager'], methods: ['GET', 'HEAD', 'PUT'], permission: 'work', methodPermissions: { PUT: 'system' } },
  'api.api-keys.$id.ts': { kind: 'api', callers: [OA], methods: D, permission: 'integrations' },
  'api.api-keys.ts': { kind: 'api', callers: [OA], methods: RP, permission: 'integrations' },
  'api.audit-log.ts': { kind: 'api', callers: [OA], methods: R, permission: 'audit' },
  'api.auth.user.ts': { kind: 'api', callers: ['manager'], methods: R, permission: 'work' },
  'api.categories.$name.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['GET', 'HEAD', 'PUT'], permission: 'work' },
  'api.categories.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R, permission: 'work' },
  'api.delivery.$assignmentId.ts': { kind: 'api', callers: ['runner-token', 'delivery-token'], methods: R },
  'api.dispatch.assign.$id.link.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: P, permission: 'work' },
  'api.dispatch.assign.$id.proof.ts': { kind: 'api', callers: ['runner-token', 'delivery-token'], methods: P },
  'api.dispatch.assign.$id.ts': { kind: 'api', callers: ['manager', 'runner-token', 'delivery-token'], methods: ['PATCH'], permission: 'work' },
  'api.dispatch.assign.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: P, permission: 'work' },
  'api.dispatch.assignments.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R, permission: 'work' },
  'api.dispatch.queue.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R, permission: 'work' },
  'api.dispatch.runs.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: P, permission: 'work' },
  'api.dispatch.runs.$id.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['GET', 'HEAD', 'PATCH'], permission: 'work' },
  'api.dispatch.suggestions.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R, permission: 'work' },
  'api.events.ts': { kind: 'api', callers: ['manager'], methods: R, permission: 'work' },
  'api.invoices.$id.archive.ts': { kind: 'api', callers: ['manager'], methods: ['PATCH'], permission: 'work' },
  'api.invoices.$id.items.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R, permission: 'work' },
  'api.invoices.$id.pdf.ts': { kind: 'resource', callers: ['manager', 'api-key'], methods: R, permission: 'work' },
  'api.invoices.$id.restore.ts': { kind: 'api', callers: ['manager'], methods: ['PATCH'], permission: 'work' },
  'api.invoices.$id.status.ts': { kind: 'api', callers: ['manager'], methods: ['PATCH'], permission: 'work' },
  'api.invoices.$id.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['GET', 'HEAD', 'DELETE'], permission: 'work' },
  'api.invoices.email.ts': { kind: 'api', callers: ['manager'], methods: P, permission: 'work' },
  'api.invoices.from-requests.ts': { kind: 'api', callers: ['manager'], methods: P, permission: 'work' },
  'api.invoices.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: RP, permission: 'work' },
  'api.members.$userId.ts': { kind: 'api', callers: [OA], methods: ['PATCH', 'DELETE'], permission: 'team' },
  'api.members.transfer-ownership.ts': { kind: 'api', callers: [OA], methods: P, permission: 'ownership' },
  'api.members.ts': { kind: 'api', callers: ['manager'], methods: R, permission: 'work' },
  'api.invitations.$id.resend.ts': { kind: 'api', callers: [OA], methods: P, permission: 'team' },
  'api.invitations.$id.ts': { kind: 'api', callers: [OA], methods: D, permission: 'team' },
  'api.invitations.ts': { kind: 'api', callers: [OA], methods: RP, permission: 'team' },
  'api.notifications.$id.read.ts': { kind: 'api', callers: ['manager'], methods: ['PUT'], permission: 'work' },
  'api.notifications.$id.ts': { kind: 'api', callers: ['manager'], methods: ['DELETE'], permission: 'work' },
  'api.notifications.read-all.ts': { kind: 'api', callers: ['manager'], methods: ['PUT'], permission: 'work' },
  'api.notifications.ts': { kind: 'api', callers: ['manager'], methods: R, permission: 'work' },
  'api.notifications.unread.ts': { kind: 'api', callers: ['manager'], methods: R, permission: 'work' },
  'api.openapi[.]json.ts': { kind: 'api', callers: ['anonymous'], methods: R },
  'api.organisation.settings.ts': { kind: 'api', callers: ['manager'], methods: ['GET', 'HEAD', 'PUT', 'PATCH'], permission: 'work', methodPermissions: { PUT: 'organisation', PATCH: 'organisation' } },
  'api.products.$id.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], permission: 'work' },
  'api.products.import.ts': { kind: 'api', callers: [OA, 'api-key'], methods: P, permission: 'import' },
  'api.products.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: RP, permission: 'work' },
  'api.properties.$id.products.$productId.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['PUT', 'DELETE'], permission: 'work' },
  'api.properties.$id.products.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: RP, permission: 'work' },
  'api.properties.$id.request-fields.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['GET', 'HEAD', 'PUT'], permission: 'work' },
  'api.properties.$id.reorder-suggestions.ts': { kind: 'api', callers: ['manager'], methods: R, permission: 'work' },
  'api.properties.$id.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], permission: 'work' },
  'api.properties.import.ts': { kind: 'api', callers: [OA, 'api-key'], methods: P, permission: 'import' },
  'api.properties.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: RP, permission: 'work' },
  'api.public.config.ts': { kind: 'api', callers: ['anonymous'], methods: R },
  'api.qr.$propertyId.activate.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: P, permission: 'work' },
  'api.qr.$propertyId.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R, permission: 'work' },
  'api.recipients.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R, permission: 'work' },
  'api.reports.consumption.ts': { kind: 'api', callers: ['manager'], methods: R, permission: 'work' },
  'api.requests.$id.delivery-proof.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R, permission: 'work' },
  'api.requests.$id.pdf.ts': { kind: 'resource', callers: ['manager', 'api-key'], methods: R, permission: 'work' },
  'api.requests.$id.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['GET', 'HEAD', 'PATCH'], permission: 'work' },
  'api.requests.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: RP, permission: 'work' },
  'api.runners.$runnerId.assignments.ts': { kind: 'api', callers: ['runner-token'], methods: R },
  'api.runners.$runnerId.position.ts': { kind: 'api', callers: ['runner-token'], methods: P },
  'api.runners.$runnerId.token.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: P, permission: 'work' },
  'api.runners.active.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R, permission: 'work' },
  'api.runners.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: P, permission: 'work' },
  'api.settings.ts': { kind: 'api', callers: ['manager'], methods: ['GET', 'HEAD', 'PUT', 'PATCH'], permission: 'work' },
  'api.standing-orders.$id.ts': { kind: 'api', callers: ['manager'], methods: D, permission: 'work' },
  'api.standing-orders.ts': { kind: 'api', callers: ['manager'], methods: RP, permission: 'work' },
  'api.stats.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R, permission: 'work' },
  'api.track.$token.events.ts': { kind: 'api', callers: ['tracking-token'], methods: R },
  'api.upload.ts': { kind: 'api', callers: ['manager', 'runner-token', 'delivery-token'], methods: P, permission: 'work' },
  'api.vendor.properties.$propertyId.products.ts': { kind: 'api', callers: ['anonymous'], methods: R },
  'api.vendor.properties.$propertyId.ts': { kind: 'api', callers: ['anonymous'], methods: R },
  'api.vendor.qr.$propertyId.scan.ts': { kind: 'api', callers: ['anonymous'], methods: P },
  'api.vendor.requests.ts': { kind: 'api', callers: ['anonymous'], methods: P },
  'api.webhooks.$id.ts': { kind: 'api', callers: [OA], methods: D, permission: 'integrations' },
  'api.webhooks.ts': { kind: 'api', callers: [OA], methods: RP, permission: 'integrations' },
  'auth.oidc.callback.ts': { kind: 'resource', callers: ['anonymous'], methods: R },
  'auth.oidc.ts': { kind: 'resource', callers: ['anonymous'], methods: RP },
  'delivery.$assignmentId.$token.tsx': { kind: 'page', callers: ['runner-token', 'delivery-token'], methods: RP, intents: ['status', 'proof'] },
  'healthcheck.ts': { kind: 'resource', callers: ['anonymous'], methods: R },
  'images.$file.ts': { kind: 'resource', callers: ['anonymous'], methods: R },
  'internal.scans.ts': { kind: 'resource', callers: ['internal'], methods: P },
  'invite.$token.tsx': { kind: 'page', callers: ['anonymous'], methods: RP },
  'login.tsx': { kind: 'page', callers: ['anonymous'], methods: R },
  'logout.ts': { kind: 'resource', callers: ['anonymous'], methods: RP },
  'offline-worker[.]js.ts': { kind: 'resource', callers: ['anonymous'], methods: R },
  'qr-codes.sheet[.pdf].ts': { kind: 'resource', callers: ['manager'], methods: R, permission: 'work' },
  'qr.$propertyId[.png].ts': { kind: 'resource', callers: ['manager'], methods: R, permission: 'work' },
  'runner.$runnerId.$token.tsx': { kind: 'page', callers: ['runner-token'], methods: RP, intents: ['start', 'status', 'proof'] },
  'switch-organisation.ts': { kind: 'resource', callers: ['manager'], methods: RP, permission: 'work' },
  'welcome.tsx': { kind: 'page', callers: [OA], methods: RP, intents: ['save', 'skip'], permission: 'organisation' },
  'track.$token.tsx': { kind: 'page', callers: ['tracking-token'], methods: RP },
  'track.stop.$token.tsx': { kind: 'page', callers: ['tracking-token'], methods: RP },
  'vendor.$propertyId._index.tsx': { kind: 'page', callers: ['anonymous'], methods: R },
  'vendor.$propertyId.request.submit.tsx': { kind: 'resource', callers: ['anonymous'], methods: RP },
  'vendor.$propertyId.request.tsx': { kind: 'page', callers: ['anonymous'], methods: RP, intents: ['add', 'increase', 'decrease', 'remove'] },
}
