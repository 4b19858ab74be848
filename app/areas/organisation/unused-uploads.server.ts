// Uploads nobody keeps (issue 27): a photo uploaded and never attached (a form abandoned after its
// upload, a signature's unused thumbnail), or one whose product, proof or invoice is gone. An image
// a day old that nothing shows is removed from wherever it is kept; one rule covers both, since a
// deleted product's image is a day old or soon will be.
import { sql as fragment, type SqlBool } from 'kysely'
import { tables } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'
import { imageFileOf, imagesSavedBefore, removeImages } from '~/lib/storage.server'
import { recordAudit } from './audit-log.server'

/** How long an upload may wait to be attached: a form filled in slowly still finds its photo. */
export const UNATTACHED_GRACE_MS = 24 * 60 * 60 * 1000

/**
 * Every image address anything shows: products (photo and thumbnail), delivery proofs (photo,
 * thumbnail, signature, which invoices show too), notifications (a product's thumbnail) and the
 * requester's photos on requests (issue 29), the organisation's logo and the one an issued invoice
 * keeps (issue 34). One
 * statement; notifications repeat a few addresses many times, so they are made distinct first.
 */
async function imagesInUse() {
  const photo = (key: string) =>
    tables
      // A request's photos are a JSON list; json_each reads it as rows, which the builder has no word for.
      .selectFrom(['ProductRequest as r', fragment<{ value: string }>`json_each(${fragment.ref('r.photos')})`.as('p')])
      .select((eb) => eb.fn<string>('json_extract', ['p.value', eb.val(`$.${key}`)]).as('url'))
      .where('r.photos', 'is not', null)
  const issuerLogo = fragment<string>`json_extract(${fragment.ref('issuer')}, '$.logoUrl')`
  const query = tables
    .selectFrom('Product')
    .select('imageUrl as url')
    .where('imageUrl', 'is not', null)
    .union(tables.selectFrom('Product').select('thumbnailUrl as url').where('thumbnailUrl', 'is not', null))
    .union(tables.selectFrom('DeliveryProof').select('imageUrl as url'))
    .union(tables.selectFrom('DeliveryProof').select('thumbnailUrl as url').where('thumbnailUrl', 'is not', null))
    .union(tables.selectFrom('DeliveryProof').select('signatureUrl as url').where('signatureUrl', 'is not', null))
    .union(tables.selectFrom('Notification').select('imageUrl as url').where('imageUrl', 'is not', null))
    .union(photo('imageUrl'))
    .union(photo('thumbnailUrl'))
    .union(tables.selectFrom('Organisation').select('logoUrl as url').where('logoUrl', 'is not', null))
    .union(
      tables
        .selectFrom('Invoice')
        .select(issuerLogo.as('url'))
        .where((eb) => eb.and([eb.fn<SqlBool>('json_valid', ['issuer']), eb(issuerLogo, 'is not', null)])),
    )
  const rows = await readNow((sql) => sql.all(query))
  return new Set(rows.map((r) => imageFileOf(r.url)).filter((file): file is string => file !== null))
}

/** Removes the images saved over a day before `now` that nothing uses; the audit log says how many, per organisation. */
export async function removeUnusedUploads(now: Date) {
  const candidates = await imagesSavedBefore(new Date(now.getTime() - UNATTACHED_GRACE_MS))
  if (candidates.length === 0) return { removed: 0 }
  const inUse = await imagesInUse()
  const removed = await removeImages(candidates.filter((image) => !inUse.has(image.file)))
  const byOrganisation = new Map<string, number>()
  for (const image of removed) {
    if (image.organisationId) byOrganisation.set(image.organisationId, (byOrganisation.get(image.organisationId) ?? 0) + 1)
  }
  for (const [orgId, count] of byOrganisation) {
    await recordAudit({
      orgId,
      action: 'images.unused_removed',
      target: { type: 'image' },
      details: { removed: count, kept: candidates.filter((c) => c.organisationId === orgId).length - count },
      actor: { type: 'system', id: null, name: 'Unused uploads' },
    })
  }
  return { removed: removed.length }
}
