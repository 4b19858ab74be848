import { afterEach, describe, expect, test } from 'vitest'
import type { PrimaryJob } from './primary-job'
import { startPrimaryJobs } from './primary-jobs.server'

function countingJob(name: string, everyMs: number) {
  const runs: Date[] = []
  const job: PrimaryJob = { name, everyMs, run: async (now) => void runs.push(now) }
  return { job, runs }
}

const at = (ms: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, 0) + ms)
let stop: (() => Promise<void>) | undefined
afterEach(async () => stop?.())

describe('work that runs only on the primary', () => {
  test('runs nothing on a replica, starts at once when the lease arrives, and stops when it leaves', async () => {
    let primary = false
    const sweep = countingJob('sweep', 60_000)
    const runner = startPrimaryJobs([sweep.job], { isPrimary: () => primary, timer: false })
    stop = runner.stop
    await runner.tick(at(0))
    await runner.tick(at(120_000))
    expect(sweep.runs).toHaveLength(0)

    primary = true
    await runner.tick(at(130_000))
    expect(sweep.runs).toEqual([at(130_000)])
    await runner.tick(at(150_000))
    expect(sweep.runs).toHaveLength(1)
    await runner.tick(at(190_000))
    expect(sweep.runs).toHaveLength(2)

    primary = false
    await runner.tick(at(400_000))
    expect(sweep.runs).toHaveLength(2)
    // Back again: whatever was due is picked up on the first round, not after a full interval.
    primary = true
    await runner.tick(at(400_500))
    expect(sweep.runs).toHaveLength(3)
  })

  test('a failing job neither stops the others nor runs twice at once', async () => {
    let release = () => {}
    let slowRuns = 0
    const slow: PrimaryJob = { name: 'slow', everyMs: 1, run: () => new Promise<void>((resolve) => ((slowRuns++, (release = resolve)))) }
    const failing: PrimaryJob = { name: 'failing', everyMs: 1, run: async () => Promise.reject(new Error('boom')) }
    const ok = countingJob('ok', 1)
    const runner = startPrimaryJobs([slow, failing, ok.job], { isPrimary: () => true, timer: false })
    stop = async () => {
      release()
      await runner.stop()
    }
    void runner.tick(at(0))
    await new Promise((resolve) => setTimeout(resolve, 10))
    await runner.tick(at(10))
    expect(slowRuns).toBe(1)
    expect(ok.runs).toHaveLength(2)
  })

  test('after a start, the first round waits for the server’s first answer', async () => {
    const sweep = countingJob('sweep', 60_000)
    let answered = () => {}
    const firstAnswer = new Promise<void>((resolve) => (answered = resolve))
    const runner = startPrimaryJobs([sweep.job], { isPrimary: () => true, checkEveryMs: 5, firstRoundAfter: firstAnswer })
    stop = runner.stop
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(sweep.runs).toHaveLength(0)
    answered()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(sweep.runs).toHaveLength(1)
  })
  test('jobs given as a loader are loaded only after the first answer, then run; a loader that fails runs nothing and stops nothing', async () => {
    const sweep = countingJob('sweep', 60_000)
    let loads = 0
    let answered = () => {}
    const firstAnswer = new Promise<void>((resolve) => (answered = resolve))
    const runner = startPrimaryJobs(async () => (loads++, [sweep.job]), { isPrimary: () => true, checkEveryMs: 5, firstRoundAfter: firstAnswer })
    stop = runner.stop
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect([loads, sweep.runs.length]).toEqual([0, 0])
    answered()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect([loads, sweep.runs.length]).toEqual([1, 1])

    const logged: string[] = []
    const write = process.stderr.write.bind(process.stderr)
    process.stderr.write = ((line: string) => (logged.push(String(line)), true)) as typeof process.stderr.write
    try {
      const broken = startPrimaryJobs(async () => Promise.reject(new Error('chunk missing')), { isPrimary: () => true, checkEveryMs: 5 })
      await new Promise((resolve) => setTimeout(resolve, 30))
      await broken.stop()
    } finally {
      process.stderr.write = write
    }
    expect(logged.join('\n')).toContain('jobs could not be loaded')
  })
})
