// Where uploaded images live. One module, three drivers chosen by STORAGE_DRIVER:
//   database (default) — StoredImage rows in SQLite, which LiteFS replicates to every machine;
//   local              — files in STORAGE_DIR, for a single machine with a volume;
//   s3                 — any S3-compatible bucket (AWS, R2, MinIO…), signed with aws4fetch.
// Every image gets a random UUID name, so its address is unguessable and its bytes never change:
// it can be cached for a year.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { AwsClient } from 'aws4fetch'
import { z } from 'zod'
import { db } from '~/lib/db.server'

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'

const StorageEnv = z
  .object({
    STORAGE_DRIVER: z.enum(['database', 'local', 's3']).default('database'),
    STORAGE_DIR: z.string().min(1).default('data/uploads'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('auto'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: z.string().url().optional(),
  })
  .superRefine((e, ctx) => {
    if (e.STORAGE_DRIVER !== 's3') return
    for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!e[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE_DRIVER=s3' })
    }
  })

type StorageConfig = z.infer<typeof StorageEnv>

/** Read on every use (it is cheap) so a test, or an operator's restart with new settings, needs no cache reset. */
export function storageConfig(): StorageConfig {
  const parsed = StorageEnv.safeParse(process.env)
  if (!parsed.success) {
    throw new Error(`Invalid storage settings: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`)
  }
  return parsed.data
}

export type ImageToStore = {
  bytes: Buffer
  contentType: 'image/jpeg'
  width: number
  height: number
  orgId: string | null
}

export type StoredFile = { body: BodyInit; contentType: string; byteSize: number | null }

/** Node buffers are always backed by a plain ArrayBuffer, which is what BodyInit wants spelled out. */
const asBody = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>

/** Accepted image addresses: `<uuid>.jpg`, which also keeps a path or key from ever being steered elsewhere. */
const FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg$/

const ownUrl = (file: string) => `/images/${file}`

/** Saves the image and answers the address to show it at. */
export async function saveImage(image: ImageToStore): Promise<string> {
  const config = storageConfig()
  if (config.STORAGE_DRIVER === 'database') {
    const row = await db.storedImage.create({
      data: {
        organisationId: image.orgId,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        data: new Uint8Array(image.bytes),
        byteSize: image.bytes.byteLength,
      },
      select: { id: true },
    })
    return ownUrl(`${row.id}.jpg`)
  }
  const file = `${crypto.randomUUID()}.jpg`
  // Written first: a file the ledger does not know could never be found to be removed.
  await db.uploadedFile.create({ data: { file, organisationId: image.orgId, driver: config.STORAGE_DRIVER } })
  try {
    return await saveFile(config, file, image)
  } catch (err) {
    await db.uploadedFile.delete({ where: { file } })
    throw err
  }
}

async function saveFile(config: StorageConfig, file: string, image: ImageToStore) {
  if (config.STORAGE_DRIVER === 'local') {
    const dir = path.resolve(config.STORAGE_DIR)
    await fs.mkdir(dir, { recursive: true })
    // Written under a temporary name first, so a reader never sees half a file.
    const partial = path.join(dir, `.${file}.partial`)
    await fs.writeFile(partial, image.bytes)
    await fs.rename(partial, path.join(dir, file))
    return ownUrl(file)
  }
  const res = await s3(config).fetch(s3ObjectUrl(config, file), {
    method: 'PUT',
    body: asBody(image.bytes),
    headers: { 'Content-Type': image.contentType, 'Cache-Control': IMMUTABLE_CACHE },
  })
  if (!res.ok) throw new Error(`Storing an image in the bucket failed: ${res.status} ${await res.text().catch(() => '')}`)
  return config.S3_PUBLIC_URL ? `${config.S3_PUBLIC_URL.replace(/\/$/, '')}/images/${file}` : ownUrl(file)
}

/**
 * The image behind `/images/<file>`, or null. Images saved before a switch of driver stay in the
 * database, so that is looked in too.
 */
export async function readImage(file: string): Promise<StoredFile | null> {
  const match = FILE_NAME.exec(file)
  if (!match) return null
  const config = storageConfig()
  if (config.STORAGE_DRIVER === 'local') {
    const found = await readLocal(config, file)
    if (found) return found
  }
  if (config.STORAGE_DRIVER === 's3') {
    const found = await readS3(config, file)
    if (found) return found
  }
  // The database driver's table is this service's own bucket: images are public by their random
  // address, so it is read without an organisation scope, as a bucket would be.
  const row = await db.storedImage.findUnique({ where: { id: match[1]! }, select: { contentType: true, byteSize: true, data: true } })
  return row ? { body: asBody(row.data), contentType: row.contentType, byteSize: row.byteSize } : null
}

/** An image as kept: its file name, whose it is and where it lives. */
export type KeptImage = { file: string; organisationId: string | null; place: 'database' | 'local' | 's3' }

/** The file name in an image address (`/images/<file>` or the bucket's public address), or null. */
export function imageFileOf(url: string | null | undefined) {
  const name = url?.slice(url.lastIndexOf('/') + 1)
  return name && FILE_NAME.test(name) ? name : null
}

/**
 * Every image saved before `cutoff`, in whichever place: the database's rows (kept whatever the
 * driver today, as readImage looks there too) and the ledger of local and bucket files.
 */
export async function imagesSavedBefore(cutoff: Date): Promise<KeptImage[]> {
  const [rows, files] = await Promise.all([
    db.storedImage.findMany({ where: { createdAt: { lt: cutoff } }, select: { id: true, organisationId: true }, orderBy: { createdAt: 'asc' } }),
    db.uploadedFile.findMany({ where: { createdAt: { lt: cutoff } }, orderBy: { createdAt: 'asc' } }),
  ])
  return [
    ...rows.map((r) => ({ file: `${r.id}.jpg`, organisationId: r.organisationId, place: 'database' as const })),
    ...files.map((f) => ({ file: f.file, organisationId: f.organisationId, place: f.driver === 's3' ? ('s3' as const) : ('local' as const) })),
  ]
}

/**
 * Deletes kept images; answers those actually gone. A bucket file is left (and its ledger row kept,
 * to try again) when the bucket is not configured today or refuses the delete.
 */
export async function removeImages(images: KeptImage[]): Promise<KeptImage[]> {
  const config = storageConfig()
  const removed: KeptImage[] = []
  const inDatabase = images.filter((i) => i.place === 'database')
  if (inDatabase.length) {
    await db.storedImage.deleteMany({ where: { id: { in: inDatabase.map((i) => FILE_NAME.exec(i.file)![1]!) } } })
    removed.push(...inDatabase)
  }
  for (const image of images.filter((i) => i.place !== 'database')) {
    if (image.place === 'local') await fs.rm(path.join(path.resolve(config.STORAGE_DIR), image.file), { force: true })
    else {
      if (config.STORAGE_DRIVER !== 's3') continue
      const res = await s3(config).fetch(s3ObjectUrl(config, image.file), { method: 'DELETE' })
      await res.arrayBuffer().catch(() => undefined)
      if (!res.ok && res.status !== 404) continue
    }
    await db.uploadedFile.delete({ where: { file: image.file } })
    removed.push(image)
  }
  return removed
}

async function readLocal(config: StorageConfig, file: string): Promise<StoredFile | null> {
  try {
    const body = await fs.readFile(path.join(path.resolve(config.STORAGE_DIR), file))
    return { body: asBody(body), contentType: 'image/jpeg', byteSize: body.byteLength }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}

async function readS3(config: StorageConfig, file: string): Promise<StoredFile | null> {
  const res = await s3(config).fetch(s3ObjectUrl(config, file))
  if (res.status === 404 || res.status === 403) {
    // Buckets answer 403 for a missing key when listing is not allowed. The answer is a few bytes of
    // XML: read to the end (a cancel of the mocked bucket's body never settled).
    await res.arrayBuffer().catch(() => undefined)
    return null
  }
  if (!res.ok || !res.body) throw new Error(`Reading an image from the bucket failed: ${res.status}`)
  const length = Number(res.headers.get('content-length'))
  return {
    body: res.body,
    contentType: res.headers.get('content-type') ?? 'image/jpeg',
    byteSize: Number.isFinite(length) && length > 0 ? length : null,
  }
}

function s3(config: StorageConfig) {
  return new AwsClient({
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    region: config.S3_REGION,
    // A custom endpoint's host says nothing about the service, so name it.
    service: 's3',
    // An upload is waiting on this; a couple of quick retries, not aws4fetch's default ten.
    retries: 2,
  })
}

/** Path-style addressing: works with AWS, R2 and MinIO alike without DNS per bucket. */
function s3ObjectUrl(config: StorageConfig, file: string) {
  return `${config.S3_ENDPOINT!.replace(/\/$/, '')}/${encodeURIComponent(config.S3_BUCKET!)}/images/${file}`
}

/**
 * Whether every address is an image this service keeps for the organisation: a request may carry a
 * photo uploaded beforehand (POST /api/upload), never someone else's or one from elsewhere.
 */
export async function imagesKeptFor(orgId: string, urls: string[]): Promise<boolean> {
  const files = urls.map(imageFileOf)
  if (files.some((f) => f === null)) return false
  const wanted = [...new Set(files as string[])]
  const ids = wanted.map((f) => f.slice(0, -'.jpg'.length))
  const [rows, ledger] = await Promise.all([
    db.storedImage.findMany({ where: { id: { in: ids }, organisationId: orgId }, select: { id: true } }),
    db.uploadedFile.findMany({ where: { file: { in: wanted }, organisationId: orgId }, select: { file: true } }),
  ])
  const found = new Set([...rows.map((r) => `${r.id}.jpg`), ...ledger.map((f) => f.file)])
  return wanted.every((f) => found.has(f))
}
