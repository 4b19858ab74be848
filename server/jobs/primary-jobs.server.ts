// Runs PrimaryJobs on whichever machine holds the LiteFS lease right now. Every machine runs this
// loop; it checks the role each round, so when the lease moves the new primary starts the work at
// once (each job runs on promotion, then every `everyMs`) and the old one stops, without a restart.
import { isPrimary as leaseHeldHere } from '~/lib/litefs.server'
import { log } from '~/lib/log.server'
import type { PrimaryJob } from './primary-job'

export type PrimaryJobRunner = {
  /** One round now (the timer calls it; tests call it to avoid waiting). */
  tick: (now?: Date) => Promise<void>
  /** Stops starting jobs and waits for the running ones to finish (graceful shutdown). */
  stop: () => Promise<void>
}

export function startPrimaryJobs(
  /** The jobs, or how to load them: a server loads its jobs' code once it has answered, not before. */
  jobsOrLoad: PrimaryJob[] | (() => Promise<PrimaryJob[]>),
  options: {
    isPrimary?: () => boolean
    checkEveryMs?: number
    timer?: boolean
    /** The first round waits for this (the server's first answer): a woken machine answers first. */
    firstRoundAfter?: Promise<unknown>
  } = {},
): PrimaryJobRunner {
  const isPrimary = options.isPrimary ?? leaseHeldHere
  let jobs: PrimaryJob[] = Array.isArray(jobsOrLoad) ? jobsOrLoad : []
  const lastRun = new Map<string, number>()
  const running = new Map<string, Promise<void>>()
  let wasPrimary = false
  let stopped = false

  function run(job: PrimaryJob, now: Date) {
    lastRun.set(job.name, now.getTime())
    const work = job
      .run(now)
      .catch((err) => log('error', 'job failed', { job: job.name, error: err instanceof Error ? err.message : String(err) }))
      .finally(() => running.delete(job.name))
    running.set(job.name, work)
    return work
  }

  async function tick(now = new Date()) {
    if (stopped) return
    const primary = isPrimary()
    if (primary !== wasPrimary) log('info', primary ? 'became primary: starting jobs' : 'no longer primary: jobs stop here', {})
    if (!primary) {
      wasPrimary = false
      return
    }
    // Promoted (or just started): whatever the last primary left undone is picked up now.
    if (!wasPrimary) lastRun.clear()
    wasPrimary = true
    const started: Promise<void>[] = []
    for (const job of jobs) {
      if (running.has(job.name)) continue
      const last = lastRun.get(job.name)
      if (last === undefined || now.getTime() - last >= job.everyMs) started.push(run(job, now))
    }
    await Promise.all(started)
  }

  let timer: NodeJS.Timeout | undefined
  const begin = async () => {
    if (!Array.isArray(jobsOrLoad)) {
      try {
        jobs = await jobsOrLoad()
      } catch (err) {
        log('error', 'jobs could not be loaded', { error: err instanceof Error ? err.message : String(err) })
        return
      }
    }
    if (stopped) return
    timer = setInterval(() => void tick(), options.checkEveryMs ?? 1000)
    timer.unref()
    void tick()
  }
  if (options.timer !== false) {
    if (options.firstRoundAfter) void options.firstRoundAfter.then(begin, begin)
    else void begin()
  }

  return {
    tick,
    stop: async () => {
      stopped = true
      if (timer) clearInterval(timer)
      await Promise.all(running.values())
    },
  }
}
