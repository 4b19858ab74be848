// One poller per process for the live-updates stream. Every open stream subscribes here; a single
// timer asks the database for anything newer than the last id it saw (one indexed query per tick,
// however many managers are watching) and hands each event to the streams of its organisation.
// Polling the local database is what makes this work on a LiteFS replica, where the write happened
// on another machine and arrives only through replication. See decision 030.

export type LiveEvent = { seq: number; organisationId: string }

export type LiveSource<E extends LiveEvent> = {
  /** The newest event's position, where a new poller starts. */
  latest: () => Promise<number>
  /** Every organisation's events after `seq`, oldest first, at most `take`. */
  after: (seq: number, take: number) => Promise<E[]>
}

export type LiveSubscription = {
  /** Resolves with the position live delivery starts after (events up to it come from a backlog). */
  ready: Promise<number>
  close: () => void
}

const BATCH = 1000

export class LiveHub<E extends LiveEvent> {
  private listeners = new Map<string, Set<(event: E) => void>>()
  private size = 0
  private timer: ReturnType<typeof setInterval> | null = null
  private seq: Promise<number> | null = null
  private ticking = false

  constructor(
    private source: LiveSource<E>,
    readonly intervalMs = 300,
  ) {}

  get listenerCount() {
    return this.size
  }

  subscribe(orgId: string, listener: (event: E) => void): LiveSubscription {
    let set = this.listeners.get(orgId)
    if (!set) this.listeners.set(orgId, (set = new Set()))
    set.add(listener)
    this.size++
    this.start()
    let closed = false
    return {
      ready: this.seq!,
      close: () => {
        if (closed) return
        closed = true
        set.delete(listener)
        if (set.size === 0) this.listeners.delete(orgId)
        if (--this.size === 0) this.stop()
      },
    }
  }

  private start() {
    if (this.timer) return
    this.seq = this.source.latest()
    this.timer = setInterval(() => void this.tick(), this.intervalMs)
    this.timer.unref?.()
  }

  private stop() {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.seq = null
  }

  /** One query per tick; a burst larger than a batch is drained before the next tick. */
  async tick() {
    if (this.ticking || !this.seq) return
    this.ticking = true
    try {
      let from = await this.seq
      for (;;) {
        const events = await this.source.after(from, BATCH)
        for (const event of events) {
          from = event.seq
          this.listeners.get(event.organisationId)?.forEach((listener) => listener(event))
        }
        if (this.seq) this.seq = Promise.resolve(from)
        if (events.length < BATCH) break
      }
    } catch (err) {
      // A busy or briefly unavailable database only delays events to the next tick.
      console.warn('Live updates poll failed:', err)
    } finally {
      this.ticking = false
    }
  }
}
