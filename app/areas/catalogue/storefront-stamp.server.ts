// The vendor page's kept copies (lib/server/page-cache.ts) ask this when the database has changed:
// has anything the page shows changed too? Triggers bump the organisation's StorefrontVersion on
// every change to its properties, catalog, translations and settings (decision 079), so requests,
// notifications, assignments and other organisations' writes leave a building's kept page in place.
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { readNow } from '~/lib/sql.server'

/** The stamp of the storefront a property belongs to; null when there is no such property. */
export async function storefrontStamp(propertyId: string): Promise<number | null> {
  const row = await readNow((db) => db.one(stampOf({ propertyId })))
  return row ? row.stamp : null
}

// Compiled once (decision 125): asked on every view of a kept vendor page.
const stampOf = compiledOnce((p: { propertyId: string }) =>
  tables
    .selectFrom('Property as p')
    .leftJoin('StorefrontVersion as v', 'v.organisationId', 'p.organisationId')
    .select((eb) => eb.fn.coalesce('v.version', eb.lit(0)).as('stamp'))
    .where('p.id', '=', p.propertyId),
)
