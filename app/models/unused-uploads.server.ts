// Uploads nobody keeps (issue 27): a photo uploaded and never attached (a form abandoned after its
// upload, a signature's unused thumbnail), or one whose product, proof or invoice is gone. An image
// a day old that nothing shows is removed from wherever it is kept; one rule covers both, since a
// deleted product's image is a day old or soon will be.
import { db } from '~/lib/db.server'
import { imageFileOf, imagesSavedBefore, removeImages } from '~/services/storage.server'
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
  const rows = await db.$queryRaw<Array<{ url: string }>>`
    SELECT "imageUrl" AS url FROM "Product" WHERE "imageUrl" IS NOT NULL
    UNION SELECT "thumbnailUrl" FROM "Product" WHERE "thumbnailUrl" IS NOT NULL
    UNION SELECT "imageUrl" FROM "DeliveryProof"
    UNION SELECT "thumbnailUrl" FROM "DeliveryProof" WHERE "thumbnailUrl" IS NOT NULL
    UNION SELECT "signatureUrl" FROM "DeliveryProof" WHERE "signatureUrl" IS NOT NULL
    UNION SELECT "imageUrl" FROM "Notification" WHERE "imageUrl" IS NOT NULL
    UNION SELECT json_extract(p.value, '$.imageUrl') FROM "ProductRequest" r, json_each(r."photos") p WHERE r."photos" IS NOT NULL
    UNION SELECT json_extract(p.value, '$.thumbnailUrl') FROM "ProductRequest" r, json_each(r."photos") p WHERE r."photos" IS NOT NULL
    UNION SELECT "logoUrl" FROM "Organisation" WHERE "logoUrl" IS NOT NULL
    UNION SELECT json_extract("issuer", '$.logoUrl') FROM "Invoice" WHERE json_valid("issuer") AND json_extract("issuer", '$.logoUrl') IS NOT NULL`
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
