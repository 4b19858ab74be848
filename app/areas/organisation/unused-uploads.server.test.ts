// Issue 27, item 7: uploads nobody keeps are removed by a primary job, with each storage driver, and
// the audit log says how many; images a product, a proof or a notification shows are kept.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { primaryJobs } from '../../../server/jobs/index.server'
import { givenRequest } from '../../../tests/fixtures/catalog'
import { imageForm, sidewaysPhoto } from '../../../tests/fixtures/images'
import { organisationOf } from '../../../tests/fixtures/people'
import { MOCK_S3, MOCK_S3_ENV, mockBucketObjects } from '../../../tests/mocks/storage'
import { withTestServer } from '../../../tests/support/server'
import { removeUnusedUploads } from './unused-uploads.server'

const app = withTestServer()
const DAY = 24 * 60 * 60 * 1000

const saved = { ...process.env }
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
  Object.assign(process.env, saved)
})

type Pictures = { imageUrl: string; thumbnailUrl: string }

/**
 * One organisation's uploads: one on a product, one on a delivery proof, one attached to nothing,
 * and one on a product that is then deleted.
 */
async function givenUploads(email: string) {
  const manager = await app.signedIn(email)
  const orgId = (await organisationOf(email)).id
  const upload = async (): Promise<Pictures> => {
    const res = await manager.fetch('/api/upload', { method: 'POST', body: imageForm(await sidewaysPhoto()) })
    expect(res.status).toBe(201)
    return res.json()
  }
  const [onProduct, onProof, unattached, onDeletedProduct] = [await upload(), await upload(), await upload(), await upload()]
  await db.product.create({ data: { organisationId: orgId, name: 'Kept Mop', ...onProduct } })
  const request = await givenRequest(orgId)
  const runner = await db.runner.create({ data: { organisationId: orgId, name: 'Rita', phone: '+15550100', tokenHash: `t-${email}` } })
  const assignment = await db.runnerAssignment.create({ data: { organisationId: orgId, requestId: request.id, runnerId: runner.id, status: 'delivered' } })
  await db.deliveryProof.create({ data: { organisationId: orgId, assignmentId: assignment.id, imageUrl: onProof.imageUrl, signatureUrl: onProof.thumbnailUrl } })
  const gone = await db.product.create({ data: { organisationId: orgId, name: 'Gone Mop', ...onDeletedProduct } })
  expect((await manager.delete(`/api/products/${gone.id}`)).status).toBeLessThan(300)
  return { orgId, kept: [onProduct, onProof], removed: [unattached, onDeletedProduct] }
}

const urlsOf = (pictures: Pictures[]) => pictures.flatMap((p) => [p.imageUrl, p.thumbnailUrl])
const fileOf = (url: string) => path.basename(url)

async function served(url: string) {
  const res = await app.client().get(url)
  await res.arrayBuffer()
  return res.status
}

async function auditedRemovals(orgId: string) {
  const events = await db.auditEvent.findMany({ where: { organisationId: orgId, action: 'images.unused_removed' } })
  return events.map((e) => ({ actorType: e.actorType, details: JSON.parse(e.details!) }))
}

describe.each<{ driver: string; env: () => Record<string, string> }>([
  { driver: 'database', env: () => ({ STORAGE_DRIVER: 'database' }) },
  { driver: 'local', env: () => ({ STORAGE_DRIVER: 'local', STORAGE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'stockrun-unused-')) }) },
  { driver: 's3', env: () => MOCK_S3_ENV },
])('with the $driver driver', ({ driver, env }) => {
  test('uploads unused after a day are removed, used ones kept, and the audit log counts them', async () => {
    const settings = env()
    Object.assign(process.env, settings)
    const { orgId, kept, removed } = await givenUploads(`unused-${driver}@x.test`)
    const where = (url: string) =>
      driver === 'local'
        ? fs.existsSync(path.join(settings.STORAGE_DIR!, fileOf(url)))
        : driver === 's3'
          ? mockBucketObjects.has(`${MOCK_S3.bucket}/images/${fileOf(url)}`)
          : null

    // Within the day nothing goes: a form may still be on its way with its photo.
    await removeUnusedUploads(new Date(Date.now() + DAY - 60_000))
    for (const url of [...urlsOf(kept), ...urlsOf(removed)]) expect(await served(url), url).toBe(200)

    await removeUnusedUploads(new Date(Date.now() + DAY + 60_000))
    for (const url of urlsOf(kept)) {
      expect(await served(url), url).toBe(200)
      if (driver !== 'database') expect(where(url), url).toBe(true)
    }
    for (const url of urlsOf(removed)) {
      expect(await served(url), url).toBe(404)
      if (driver !== 'database') expect(where(url), url).toBe(false)
    }
    if (driver !== 'database') expect(await db.uploadedFile.count({ where: { organisationId: orgId } })).toBe(4)
    else expect(await db.storedImage.count({ where: { organisationId: orgId } })).toBe(4)
    expect(await auditedRemovals(orgId)).toEqual([{ actorType: 'system', details: { removed: 4, kept: 4 } }])
    if (settings.STORAGE_DIR) fs.rmSync(settings.STORAGE_DIR, { recursive: true, force: true })
  })
})

test('the removal is a primary job, hourly', () => {
  expect(primaryJobs.find((j) => j.name === 'remove-unused-uploads')).toMatchObject({ everyMs: 60 * 60 * 1000 })
})

test("the organisation's logo is an image in use (issue 34): kept past the day, while its unused thumbnail goes", async () => {
  Object.assign(process.env, { STORAGE_DRIVER: 'database' })
  const owner = await app.signedIn('unused-logo@x.test')
  const upload = await owner.fetch('/api/upload', { method: 'POST', body: imageForm(await sidewaysPhoto()) })
  const logo = (await upload.json()) as Pictures
  expect((await owner.put('/api/organisation/settings', { logoUrl: logo.imageUrl })).status).toBe(200)
  await removeUnusedUploads(new Date(Date.now() + DAY + 60_000))
  expect(await served(logo.imageUrl)).toBe(200)
  expect(await served(logo.thumbnailUrl)).toBe(404)
})
