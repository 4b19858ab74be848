// The pruning job drops only what can no longer be used.
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { pruneActivityJob } from './prune-activity.server'

test('events older than a day and keys older than a week go; newer ones stay', async () => {
  const now = new Date('2026-11-23T12:00:00Z')
  const hours = (h: number) => new Date(now.getTime() - h * 3600_000)
  await db.activityEvent.createMany({
    data: [
      { organisationId: 'o', type: 'request.created', subjectId: 'old', at: hours(25) },
      { organisationId: 'o', type: 'request.created', subjectId: 'new', at: hours(23) },
    ],
  })
  await db.idempotentSubmission.createMany({
    data: [
      { key: 'old-key-000', assignmentId: 'a', kind: 'proof', createdAt: hours(24 * 8) },
      { key: 'new-key-000', assignmentId: 'a', kind: 'proof', createdAt: hours(24 * 6) },
    ],
  })
  await pruneActivityJob.run(now)
  expect((await db.activityEvent.findMany({ where: { organisationId: 'o' } })).map((e) => e.subjectId)).toEqual(['new'])
  expect((await db.idempotentSubmission.findMany()).map((k) => k.key)).toEqual(['new-key-000'])
})
