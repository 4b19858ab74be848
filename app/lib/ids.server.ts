// Ids for rows written in bulk. A random (v4) id lands each new row on a different page of its
// table's primary key and of every index keyed by it, so a group of 40 vendor requests dirtied some
// 500 scattered pages and its commit wrote them all (two thirds of a submission's database time).
// A time-ordered (v7, RFC 9562) id puts each new row beside the last one; it is still a UUID, as
// unguessable in its random part, and says only when the row was made, which every row says anyway.
import crypto from 'node:crypto'
import { v7 } from 'uuid'

// uuid asks Web Crypto for 16 fresh bytes per id, and each ask is checked and copied on its way
// through: ~5% of a vendor submission's CPU, which makes six ids (decision 157). The system's
// random bytes are as good drawn 256 ids' worth at a time.
const POOL_BYTES = 16 * 256
const pool = Buffer.allocUnsafe(POOL_BYTES)
let used = POOL_BYTES

function sixteenRandomBytes(): Uint8Array {
  if (used === POOL_BYTES) {
    crypto.randomFillSync(pool)
    used = 0
  }
  return pool.subarray(used, (used += 16))
}

// uuid keeps this order itself only when it draws the bytes, so it is kept here as uuid keeps it: a
// new millisecond starts the counter at a random value, the same millisecond counts on from it.
const last = { msecs: -Infinity, seq: 0 }

/** A new row's id: a UUID that sorts after every id made before it in this process. */
export function newRowId(): string {
  const random = sixteenRandomBytes()
  const now = Date.now()
  if (now > last.msecs) {
    last.msecs = now
    last.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!
  } else {
    last.seq = (last.seq + 1) | 0
    if (last.seq === 0) last.msecs++
  }
  return v7({ random, msecs: last.msecs, seq: last.seq })
}
