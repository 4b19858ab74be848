// The signed-in person as every request reads them (decisions 059, 063): the manager with the
// organisation they act for, the person on their way to accept an invitation, and GET /api/auth/user.
// Kept statements built against the schema; signing up and signing in are in user.server.ts.
import { sql as fragment } from 'kysely'
import { NotFound } from '~/lib/errors'
import { displayName } from '~/lib/format'
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { readNow } from '~/lib/sql.server'
import type { Manager } from '~/areas/people/user.server'

// Compiled once (decision 125): every manager request reads it, and building the statement anew
// each time cost more than running it.
const managerWithOrganisation = compiledOnce((p: { userId: string; activeOrgId: string | null }) =>
  tables
    .selectFrom('User as u')
    .innerJoin('Membership as m', 'm.userId', 'u.id')
    .innerJoin('Organisation as o', 'o.id', 'm.organisationId')
    .select(['u.id as userId', 'u.email', 'u.firstName', 'u.lastName', 'u.profileImageUrl', 'm.organisationId as orgId', 'm.role', 'm.lastActiveAt', 'o.name as organisationName'])
    // Every organisation of theirs, for the switcher, as one JSON list.
    .select((eb) =>
      eb
        .selectFrom('Membership as m2')
        .innerJoin('Organisation as o2', 'o2.id', 'm2.organisationId')
        .select((j) => j.fn<string>('json_group_array', [j.fn('json_object', [fragment.lit('id'), 'o2.id', fragment.lit('name'), 'o2.name'])]).as('list'))
        .whereRef('m2.userId', '=', 'u.id')
        .$asScalar()
        .as('organisations'),
    )
    .where('u.id', '=', p.userId)
    .orderBy((eb) => eb('m.organisationId', '=', p.activeOrgId), 'desc')
    .orderBy('m.createdAt', 'asc')
    .limit(1),
)

/**
 * The signed-in manager with the organisation they act for: the session's active one, or their first
 * membership when the session names none or no longer a membership of theirs. Every manager request
 * asks this, so it is one statement: through the ORM's relations it was three (user, membership,
 * organisation), each paying the query compiler (decision 059); now a kept statement (063), which
 * also brings the list of their organisations for the switcher.
 */
export async function findManager(userId: string, activeOrgId?: string | null): Promise<Manager | null> {
  const row = await readNow((sql) => sql.one(managerWithOrganisation({ userId, activeOrgId: activeOrgId ?? null })))
  if (!row) return null
  const organisations = (JSON.parse(row.organisations ?? '[]') as { id: string; name: string }[]).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
  return {
    userId: row.userId,
    orgId: row.orgId,
    role: row.role,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    organisationName: row.organisationName,
    organisations,
    lastActiveAt: row.lastActiveAt,
  }
}

/** A person by id, whether or not they belong to an organisation yet (someone on their way to accept an invitation). */
export async function findPerson(userId: string) {
  const user = await readNow((sql) => sql.one(tables.selectFrom('User').select(['email', 'firstName', 'lastName']).where('id', '=', userId)))
  return user ? { userId, ...user } : null
}

/** The shape of GET /api/auth/user. */
export async function currentUserView(manager: Manager) {
  const user = await readNow((sql) =>
    sql.one(tables.selectFrom('User').select(['id', 'email', 'firstName', 'lastName', 'profileImageUrl', 'createdAt', 'updatedAt']).where('id', '=', manager.userId)),
  )
  if (!user) throw new NotFound('User not found')
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    createdAt: new Date(user.createdAt),
    updatedAt: new Date(user.updatedAt),
    username: displayName(manager),
    role: manager.role,
    tenant: { id: manager.orgId, name: manager.organisationName },
  }
}
