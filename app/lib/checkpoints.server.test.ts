import { expect, test } from 'vitest'
import { primaryJobs } from '../../server/jobs/index.server'
import { checkpointInBackground } from './checkpoints.server'
import { db, switchToWriteAheadLog } from './db.server'

test('the primary copies the write-ahead log into the database file from a worker, and nothing is lost', async () => {
  await switchToWriteAheadLog()
  for (let i = 0; i < 20; i++) await db.organisation.create({ data: { name: `Checkpointed ${i}` } })
  const first = await checkpointInBackground()
  expect(first).not.toBeNull()
  expect(first).not.toHaveProperty('error')
  // Everything written so far is now in the database file itself.
  expect(first).toMatchObject({ checkpointed: (first as { log: number }).log })
  expect((first as { log: number }).log).toBeGreaterThan(0)
  expect(await db.organisation.count({ where: { name: { startsWith: 'Checkpointed ' } } })).toBe(20)
  await db.organisation.create({ data: { name: 'After the checkpoint' } })
  expect(await checkpointInBackground()).not.toHaveProperty('error')
  expect(await db.organisation.count({ where: { name: 'After the checkpoint' } })).toBe(1)
})

test('it runs as one of the primary jobs, every second, and leaves a small log alone', async () => {
  expect(primaryJobs.find((job) => job.name === 'checkpoint')?.everyMs).toBe(1000)
  await db.organisation.create({ data: { name: 'A small change' } })
  expect(await checkpointInBackground({ fromBytes: 1024 * 1024 * 1024 })).toBeNull()
})
