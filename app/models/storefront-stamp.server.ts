// The vendor page's kept copies (lib/server/page-cache.ts) ask this when the database has changed:
// has anything the page shows changed too? Triggers bump the organisation's StorefrontVersion on
// every change to its properties, catalog, translations and settings (decision 079), so requests,
// notifications, assignments and other organisations' writes leave a building's kept page in place.
import { readNow } from '~/lib/sql.server'

/** The stamp of the storefront a property belongs to; null when there is no such property. */
export async function storefrontStamp(propertyId: string): Promise<number | null> {
  const row = await readNow((sql) =>
    sql.one<{ stamp: number }>(
      `SELECT COALESCE(v.version, 0) AS stamp FROM Property p LEFT JOIN StorefrontVersion v ON v.organisationId = p.organisationId WHERE p.id = ?`,
      propertyId,
    ),
  )
  return row ? row.stamp : null
}
