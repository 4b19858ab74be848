// Uploaded images kept in SQLite (the default storage driver), so every LiteFS replica can serve them.
import { db } from '~/lib/db.server'

export type NewStoredImage = {
  organisationId: string | null
  contentType: string
  width: number
  height: number
  data: Buffer
}

export async function createStoredImage(image: NewStoredImage) {
  const row = await db.storedImage.create({
    data: { ...image, data: new Uint8Array(image.data), byteSize: image.data.byteLength },
    select: { id: true },
  })
  return row.id
}

/** Images are public by address (ids are random UUIDs), so no organisation scope here. */
export async function findStoredImage(id: string) {
  return db.storedImage.findUnique({ where: { id }, select: { contentType: true, byteSize: true, data: true } })
}
