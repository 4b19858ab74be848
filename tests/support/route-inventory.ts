// The route inventory: the source of truth for what every module under app/routes is, who may call
// it and how. route-inventory.test.ts fails when a route file has no entry here (or an entry no
// file), and the isolation matrix and the fuzzing are driven from it, so a new route cannot ship
// unclassified or untested. Adding a route = adding ONE line below.
//
// kind: page (a document) | api (JSON under /api) | resource (files: PDF, PNG, images, redirects).
// callers: who may legitimately call it; everyone else must be refused.
//   anonymous — nobody signed in (vendors, sign-in, public files)
//   manager — any signed-in member of an organisation, on their own organisation's data
//   member-needs-owner/admin — signed in, but only an owner or admin may (members are refused)
//   runner-token — a runner's token (header X-Runner-Token, ?token= or the portal path)
//   delivery-token — one assignment's shareable delivery-link token
//   tracking-token — one request's vendor tracking token (also its stop-messages link)
//   api-key — an organisation's API key (Authorization: Bearer), within the key's scopes
//   internal — another machine of ours (replica -> primary relay), HMAC-signed; never a browser
// methods: exactly what the route answers (the server's Allow header; checked against the build).
// intents: for pages whose action dispatches on a form `intent`, the intents it accepts.

export type RouteKind = 'page' | 'api' | 'resource'
export type Caller = 'anonymous' | 'manager' | 'member-needs-owner/admin' | 'runner-token' | 'delivery-token' | 'tracking-token' | 'api-key' | 'internal'
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type RouteEntry = {
  kind: RouteKind
  callers: Caller[]
  methods: Method[]
  intents?: string[]
  /** Intents that only an owner or admin may use, on a page other members may open. */
  ownerAdminIntents?: string[]
}

const R: Method[] = ['GET', 'HEAD']
const RP: Method[] = ['GET', 'HEAD', 'POST']
const P: Method[] = ['POST']
const D: Method[] = ['DELETE']
const OA = 'member-needs-owner/admin' as const

export const ROUTE_INVENTORY: Record<string, RouteEntry> = {
  '$.tsx': { kind: 'page', callers: ['anonymous'], methods: R },
  'docs.api.tsx': { kind: 'page', callers: ['anonymous'], methods: R },
  '_app._index.tsx': { kind: 'page', callers: ['manager'], methods: R },
  '_app.billing.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['create', 'from-requests', 'email', 'status', 'archive', 'restore', 'delete'] },
  '_app.dispatch.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['assign', 'add-runner', 'link', 'rotate'] },
  '_app.import.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['preview', 'apply'] },
  '_app.map.tsx': { kind: 'page', callers: ['manager'], methods: R },
  '_app.notifications.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['read', 'read-all', 'delete'] },
  '_app.products.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['create', 'update', 'delete', 'translations', 'category-translations'] },
  '_app.properties.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['create', 'update', 'delete', 'assign', 'remove', 'qr-activate', 'qr-deactivate', 'par-level', 'reorder', 'standing-order-create', 'standing-order-delete'] },
  '_app.qr-codes.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['generate', 'activate', 'deactivate'] },
  '_app.reports.tsx': { kind: 'page', callers: ['manager'], methods: R },
  '_app.requests.tsx': { kind: 'page', callers: ['manager'], methods: RP, intents: ['status', 'create'] },
  '_app.settings.tsx': {
    kind: 'page',
    callers: ['manager'],
    methods: RP,
    intents: ['preferences', 'system', 'organisation', 'integrations-create-key', 'integrations-revoke-key', 'integrations-create-webhook', 'integrations-delete-webhook', 'integrations-resend'],
    ownerAdminIntents: ['system', 'organisation', 'integrations-create-key', 'integrations-revoke-key', 'integrations-create-webhook', 'integrations-delete-webhook', 'integrations-resend'],
  },
  '_app.tsx': { kind: 'page', callers: ['manager'], methods: R },
  '_app.vendors.tsx': { kind: 'page', callers: ['manager'], methods: R },
  'api.$.ts': { kind: 'api', callers: ['anonymous'], methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] },
  'api.admin.system-settings.ts': { kind: 'api', callers: ['member-needs-owner/admin'], methods: ['GET', 'HEAD', 'PUT'] },
  'api.api-keys.$id.ts': { kind: 'api', callers: [OA], methods: D },
  'api.api-keys.ts': { kind: 'api', callers: [OA], methods: RP },
  'api.audit-log.ts': { kind: 'api', callers: [OA], methods: R },
  'api.auth.user.ts': { kind: 'api', callers: ['manager'], methods: R },
  'api.delivery.$assignmentId.ts': { kind: 'api', callers: ['runner-token', 'delivery-token'], methods: R },
  'api.dispatch.assign.$id.link.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: P },
  'api.dispatch.assign.$id.proof.ts': { kind: 'api', callers: ['runner-token', 'delivery-token'], methods: P },
  'api.dispatch.assign.$id.ts': { kind: 'api', callers: ['manager', 'runner-token', 'delivery-token'], methods: ['PATCH'] },
  'api.dispatch.assign.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: P },
  'api.dispatch.assignments.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R },
  'api.dispatch.queue.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R },
  'api.events.ts': { kind: 'api', callers: ['manager'], methods: R },
  'api.invoices.$id.archive.ts': { kind: 'api', callers: ['manager'], methods: ['PATCH'] },
  'api.invoices.$id.items.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R },
  'api.invoices.$id.pdf.ts': { kind: 'resource', callers: ['manager', 'api-key'], methods: R },
  'api.invoices.$id.restore.ts': { kind: 'api', callers: ['manager'], methods: ['PATCH'] },
  'api.invoices.$id.status.ts': { kind: 'api', callers: ['manager'], methods: ['PATCH'] },
  'api.invoices.$id.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['GET', 'HEAD', 'DELETE'] },
  'api.invoices.email.ts': { kind: 'api', callers: ['manager'], methods: P },
  'api.invoices.from-requests.ts': { kind: 'api', callers: ['manager'], methods: P },
  'api.invoices.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: RP },
  'api.members.$userId.ts': { kind: 'api', callers: [OA], methods: ['PATCH'] },
  'api.notifications.$id.read.ts': { kind: 'api', callers: ['manager'], methods: ['PUT'] },
  'api.notifications.$id.ts': { kind: 'api', callers: ['manager'], methods: ['DELETE'] },
  'api.notifications.read-all.ts': { kind: 'api', callers: ['manager'], methods: ['PUT'] },
  'api.notifications.ts': { kind: 'api', callers: ['manager'], methods: R },
  'api.notifications.unread.ts': { kind: 'api', callers: ['manager'], methods: R },
  'api.openapi[.]json.ts': { kind: 'api', callers: ['anonymous'], methods: R },
  'api.organisation.settings.ts': { kind: 'api', callers: ['manager'], methods: ['GET', 'HEAD', 'PUT', 'PATCH'] },
  'api.categories.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R },
  'api.categories.$name.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['GET', 'HEAD', 'PUT'] },
  'api.products.$id.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'] },
  'api.products.import.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: P },
  'api.products.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: RP },
  'api.properties.$id.products.$productId.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['PUT', 'DELETE'] },
  'api.properties.$id.products.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: RP },
  'api.properties.$id.reorder-suggestions.ts': { kind: 'api', callers: ['manager'], methods: R },
  'api.properties.$id.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'] },
  'api.properties.import.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: P },
  'api.properties.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: RP },
  'api.public.config.ts': { kind: 'api', callers: ['anonymous'], methods: R },
  'api.qr.$propertyId.activate.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: P },
  'api.qr.$propertyId.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R },
  'api.recipients.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R },
  'api.reports.consumption.ts': { kind: 'api', callers: ['manager'], methods: R },
  'api.requests.$id.delivery-proof.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R },
  'api.requests.$id.pdf.ts': { kind: 'resource', callers: ['manager', 'api-key'], methods: R },
  'api.requests.$id.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: ['GET', 'HEAD', 'PATCH'] },
  'api.requests.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: RP },
  'api.runners.$runnerId.assignments.ts': { kind: 'api', callers: ['runner-token'], methods: R },
  'api.runners.$runnerId.token.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: P },
  'api.runners.active.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R },
  'api.runners.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: P },
  'api.settings.ts': { kind: 'api', callers: ['manager'], methods: ['GET', 'HEAD', 'PUT', 'PATCH'] },
  'api.standing-orders.$id.ts': { kind: 'api', callers: ['manager'], methods: D },
  'api.standing-orders.ts': { kind: 'api', callers: ['manager'], methods: RP },
  'api.stats.ts': { kind: 'api', callers: ['manager', 'api-key'], methods: R },
  'api.upload.ts': { kind: 'api', callers: ['manager', 'runner-token', 'delivery-token'], methods: P },
  'api.vendor.properties.$propertyId.products.ts': { kind: 'api', callers: ['anonymous'], methods: R },
  'api.vendor.properties.$propertyId.ts': { kind: 'api', callers: ['anonymous'], methods: R },
  'api.vendor.qr.$propertyId.scan.ts': { kind: 'api', callers: ['anonymous'], methods: P },
  'api.vendor.requests.ts': { kind: 'api', callers: ['anonymous'], methods: P },
  'api.webhooks.$id.ts': { kind: 'api', callers: [OA], methods: D },
  'api.webhooks.ts': { kind: 'api', callers: [OA], methods: RP },
  'auth.oidc.callback.ts': { kind: 'resource', callers: ['anonymous'], methods: R },
  'auth.oidc.ts': { kind: 'resource', callers: ['anonymous'], methods: RP },
  'delivery.$assignmentId.$token.tsx': { kind: 'page', callers: ['runner-token', 'delivery-token'], methods: RP, intents: ['status', 'proof'] },
  'healthcheck.ts': { kind: 'resource', callers: ['anonymous'], methods: R },
  'images.$file.ts': { kind: 'resource', callers: ['anonymous'], methods: R },
  'internal.scans.ts': { kind: 'resource', callers: ['internal'], methods: P },
  'login.tsx': { kind: 'page', callers: ['anonymous'], methods: R },
  'logout.ts': { kind: 'resource', callers: ['anonymous'], methods: RP },
  'offline-worker[.]js.ts': { kind: 'resource', callers: ['anonymous'], methods: R },
  'qr-codes.sheet[.pdf].ts': { kind: 'resource', callers: ['manager'], methods: R },
  'qr.$propertyId[.png].ts': { kind: 'resource', callers: ['manager'], methods: R },
  'runner.$runnerId.$token.tsx': { kind: 'page', callers: ['runner-token'], methods: RP, intents: ['start', 'status', 'proof'] },
  'track.$token.tsx': { kind: 'page', callers: ['tracking-token'], methods: RP },
  'track.stop.$token.tsx': { kind: 'page', callers: ['tracking-token'], methods: RP },
  'vendor.$propertyId._index.tsx': { kind: 'page', callers: ['anonymous'], methods: R },
  'vendor.$propertyId.request.submit.tsx': { kind: 'resource', callers: ['anonymous'], methods: RP },
  'vendor.$propertyId.request.tsx': { kind: 'page', callers: ['anonymous'], methods: RP, intents: ['add', 'increase', 'decrease', 'remove'] },
}
