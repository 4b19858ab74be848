// What the depot pages share on the server: the depot, or the 404 page for another organisation's.
import { DomainError } from '~/lib/errors'
import { depotOf } from './depot.server'

export async function depotOrNotFound(orgId: string, id: string) {
  try {
    return await depotOf(orgId, id)
  } catch (err) {
    if (err instanceof DomainError && err.status === 404) throw new Response('Not found', { status: 404 })
    throw err
  }
}
