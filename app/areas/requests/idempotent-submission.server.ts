// A phone that queued work while offline may send it twice (the answer was lost, the queue retried).
// With an Idempotency-Key the first submission is claimed by a unique row before it runs; a repeat
// with the same key does nothing and answers the assignment as it now stands. See decision 034.
import { db } from '~/lib/db.server'
import { Invalid } from '~/lib/errors'

export type SubmissionKind = 'status' | 'proof'

const KEY = /^[A-Za-z0-9_-]{8,100}$/

/** The Idempotency-Key header, validated; null when absent. */
export function idempotencyKeyOf(request: Request) {
  const key = request.headers.get('idempotency-key')
  if (key === null) return null
  if (!KEY.test(key)) throw new Invalid('Idempotency-Key must be 8 to 100 letters, digits, - or _', { 'Idempotency-Key': ['Invalid key'] })
  return key
}

export async function onceByKey<T>(
  key: string | null,
  target: { assignmentId: string; kind: SubmissionKind },
  run: () => Promise<T>,
  replay: () => Promise<T>,
): Promise<T> {
  if (!key) return run()
  try {
    await db.idempotentSubmission.create({ data: { key, assignmentId: target.assignmentId, kind: target.kind } })
  } catch (err) {
    if ((err as { code?: string }).code !== 'P2002') throw err
    const first = await db.idempotentSubmission.findUnique({ where: { key } })
    if (first && (first.assignmentId !== target.assignmentId || first.kind !== target.kind)) {
      throw new Invalid('This Idempotency-Key was already used for another submission.', { 'Idempotency-Key': ['Already used'] })
    }
    return replay()
  }
  try {
    return await run()
  } catch (err) {
    // Refused (wrong code, bad input): the key is free for a corrected retry.
    await db.idempotentSubmission.delete({ where: { key } }).catch(() => {})
    throw err
  }
}

/** Keys are only needed while a phone may still retry: a week covers any queue. */
export async function pruneSubmissionKeys(now: Date) {
  await db.idempotentSubmission.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000) } } })
}
