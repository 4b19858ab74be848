// Who may do what in an organisation (issue 26): the one policy every route asks. Pages ask it to
// hide what a role may not do; loaders and actions ask it again, because hiding is not refusing.
// Not `.server`: components read the same table to decide what to show.
import { Forbidden } from '~/lib/errors'

export const ROLES = ['owner', 'admin', 'member'] as const
export type Role = (typeof ROLES)[number]

/**
 * - work: requests, dispatch, runners, properties, products, QR codes, invoices, recipients, map,
 *   reports, notifications and one's own settings
 * - team: invite, change roles, remove members, see and revoke invitations
 * - organisation: the organisation's settings (handover code, time zone, …)
 * - integrations: API keys and webhooks
 * - import: CSV import of the catalog
 * - audit: read the audit log
 * - purchasing: suppliers and purchase orders (members still see them and record what arrives)
 * - ownership: transfer ownership, make or unmake an owner
 * - stock: add depots and set a product's reorder point, reorder quantity and bin at a depot (issue 37);
 *   recording movements and counts is everyday work
 * - system: the deployment-wide registration switch, for the owners and admins of the operator's
 *   organisation only (decision 072): every other tenant may read it, none may change it
 */
export const PERMISSIONS = ['work', 'team', 'organisation', 'integrations', 'import', 'audit', 'ownership', 'system', 'stock', 'purchasing'] as const
export type Permission = (typeof PERMISSIONS)[number]

const ALLOWED: Record<Permission, readonly Role[]> = {
  work: ['owner', 'admin', 'member'],
  team: ['owner', 'admin'],
  organisation: ['owner', 'admin'],
  integrations: ['owner', 'admin'],
  import: ['owner', 'admin'],
  audit: ['owner', 'admin'],
  ownership: ['owner'],
  system: ['owner', 'admin'],
  stock: ['owner', 'admin'],
  purchasing: ['owner', 'admin'],
}

const REFUSALS: Record<Permission, string> = {
  work: 'You are not a member of this organisation.',
  team: 'Only an owner or admin can manage the team.',
  organisation: "Only an owner or admin can change the organisation's settings.",
  integrations: 'Only owners and admins manage API keys and webhooks.',
  import: 'Only an owner or admin can import the catalog.',
  audit: 'Only an owner or admin can read the audit log.',
  ownership: 'Only the owner can transfer ownership or change an owner.',
  stock: 'Only an owner or admin can add or rename depots or change reorder settings.',
  system: 'Only the owners and admins of the organisation that runs this deployment can change system settings.',
  purchasing: 'Only an owner or admin can manage suppliers and purchase orders.',
}

/**
 * Who is asking: a person with their role in the active organisation, or an API key. A key's scopes
 * are checked by the route's contract (lib/route-contract.ts); here it never counts for more than an admin
 * and never for what only people do (team, ownership, its own keys).
 */
export type Actor = {
  role: string
  apiKeyId?: string
  /** Whether this person acts for whoever runs the deployment (models/operator.server.ts); unknown counts as no. */
  operator?: boolean
}

const KEY_MAY: ReadonlySet<Permission> = new Set(['work', 'import', 'stock', 'purchasing'])

export function can(actor: Actor | null | undefined, permission: Permission): boolean {
  if (!actor) return false
  if (actor.apiKeyId) return KEY_MAY.has(permission)
  if (permission === 'system' && actor.operator !== true) return false
  return (ALLOWED[permission] as readonly string[]).includes(actor.role)
}

/** Why a role may not: the message of every refusal. */
export function refusalOf(permission: Permission): string {
  return REFUSALS[permission]
}

/** Refuses with 403 and the reason, for loaders and actions. */
export function requirePermission(actor: Actor, permission: Permission): void {
  if (!can(actor, permission)) throw new Forbidden(REFUSALS[permission])
}

/**
 * The same refusal for a page's loader or action: a 403 answer the error page shows with its reason
 * (a thrown domain error would be a 500 there).
 */
export function requirePermissionOnPage(actor: Actor, permission: Permission): void {
  if (!can(actor, permission)) {
    throw new Response(JSON.stringify({ error: REFUSALS[permission] }), { status: 403, headers: { 'Content-Type': 'application/json; charset=utf-8' } })
  }
}

/** What a page needs to know to hide controls: every permission, true or false. */
export function permissionsOf(actor: Actor): Record<Permission, boolean> {
  return Object.fromEntries(PERMISSIONS.map((p) => [p, can(actor, p)])) as Record<Permission, boolean>
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}
