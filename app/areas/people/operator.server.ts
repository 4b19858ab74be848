// Who runs this deployment (decision 072). The registration switch closes sign-up for every company on
// the server, so it is the operator's alone, not any tenant's: the owners and admins of the first
// organisation, or, when OPERATOR_EMAILS lists people, those people (as owners or admins).
import { env } from '~/lib/env.server'
import { tables } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'
import type { Actor } from '~/areas/organisation/permissions'

type Person = Actor & { email: string; orgId: string }

/** The person as the policy sees them, knowing whether they act for the operator. */
export async function withOperator<P extends Person>(person: P): Promise<P & { operator: boolean }> {
  return { ...person, operator: await isOperator(person) }
}

async function isOperator(person: Person) {
  if (person.apiKeyId) return false
  const listed = env().OPERATOR_EMAILS
  if (listed.length > 0) return listed.includes(person.email.toLowerCase())
  return (await firstOrganisationId()) === person.orgId
}

function firstOrganisationId() {
  // One step down the createdAt index, with no cache to go stale.
  return readNow((sql) => sql.one(tables.selectFrom('Organisation').select('id').orderBy('createdAt', 'asc').limit(1))?.id)
}
