// SQLite copies the write-ahead log back into the database file once it passes ~1,000 pages, inside
// whichever commit crosses the mark, and that copy ends with an fsync of the database file: tens of
// milliseconds on a request's path, about half of a vendor submission's database time under load
// (decision 063). The primary checkpoints from a worker thread instead, on its own connection, every
// second once the log holds a megabyte; the main connection checkpoints only past FALLBACK_CHECKPOINT_PAGES (the
// worker stopped, or a long reader held it back).
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { databaseFile } from './db-version.server'
import { env } from './env.server'

export const FALLBACK_CHECKPOINT_PAGES = 10_000
/** Below this the log is left alone: an idle server starts no thread and copies nothing. */
export const CHECKPOINT_FROM_BYTES = 1024 * 1024

// Plain CommonJS run by the worker: it opens the file and checkpoints whenever asked. PASSIVE never
// waits for a lock and never blocks a reader or a writer.
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.file, { fileMustExist: true, timeout: 0 })
parentPort.on('message', () => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)')
    parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed })
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) })
  }
})
`

function walBytes(file: string) {
  try {
    return fs.statSync(`${file}-wal`).size
  } catch {
    return 0
  }
}

export type CheckpointResult = { log: number; checkpointed: number } | { error: string }

let checkpointer: { file: string; worker: Worker; waiting: Array<(result: CheckpointResult) => void> } | undefined

function start(file: string) {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { driver, file } })
  // Never what keeps the process alive, so shutdown is unchanged.
  worker.unref()
  const started = { file, worker, waiting: [] as Array<(result: CheckpointResult) => void> }
  worker.on('message', (result: CheckpointResult) => started.waiting.shift()?.(result))
  const gone = (error: string) => {
    if (checkpointer === started) checkpointer = undefined
    for (const answer of started.waiting.splice(0)) answer({ error })
  }
  worker.on('error', (err) => gone(err.message))
  worker.on('exit', () => gone('checkpointer stopped'))
  return started
}

/** Copies what the write-ahead log holds into the database file, off the main thread (once it holds `fromBytes`). */
export function checkpointInBackground({ fromBytes = 0 } = {}): Promise<CheckpointResult | null> {
  const file = databaseFile(env().DATABASE_URL)
  if (fromBytes > 0 && walBytes(file) < fromBytes) return Promise.resolve(null)
  if (checkpointer?.file !== file) {
    void checkpointer?.worker.terminate()
    checkpointer = start(file)
  }
  const { worker, waiting } = checkpointer
  return new Promise((resolve) => {
    waiting.push(resolve)
    worker.postMessage('checkpoint')
  })
}
