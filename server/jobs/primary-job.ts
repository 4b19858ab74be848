/** Periodic work that must run on exactly one machine: the LiteFS primary (it moves with the lease). */
export type PrimaryJob = {
  name: string
  everyMs: number
  run: (now: Date) => Promise<void>
}
