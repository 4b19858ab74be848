// QR code scans: each one tells the property's managers that someone is at the door with a phone.
// The vendor page is the hottest page and any machine may serve it, including a read-only LiteFS
// replica, so rendering it never writes: a scan is counted in this machine's memory and handed on
// in batches (see other/decisions/011-scans-buffered-and-relayed.md). Each batch has an id that
// becomes part of its notifications' ids, so a batch delivered twice (a retry after a lost answer)
// is stored once.
import crypto from 'node:crypto'
import { z } from 'zod'
import { writeTogether } from '~/lib/sql.server'
import { NotFound } from '~/lib/errors'
import { notifyOrganisation, notifyOrganisationOnceIn } from '~/areas/outbox/notification.server'
import { findStorefrontOwner } from './storefront.server'

/** Records one scan of an active property's code now (a POST, so on the primary); NotFound for an unknown or inactive property. */
export async function recordScan(propertyId: string) {
  const { storefront, organisationId } = await findStorefrontOwner(propertyId)
  await notifyOrganisation(organisationId, {
    type: 'qr_scan',
    message: `QR code scanned at ${storefront.name}`,
    propertyId: storefront.id,
  })
  return { propertyId: storefront.id }
}

export const ScanBatch = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/),
  scans: z.record(z.string().min(1).max(64), z.number().int().positive().max(100_000)),
})
export type ScanBatch = z.infer<typeof ScanBatch>

type ScanBuffer = {
  /** Scans this machine has counted and not yet put in a batch. */
  waiting: Map<string, number>
  /** The batch being delivered: offered again, unchanged, until it is stored. */
  outgoing: ScanBatch | null
}
declare global {
  var __stockrunScans: ScanBuffer | undefined
}
// One buffer per process: the server bundle (which relays) and the Remix build (which counts) each
// load this module, so the buffer lives on globalThis.
const buffer: ScanBuffer = (globalThis.__stockrunScans ??= { waiting: new Map(), outgoing: null })

/** Counts a scan seen while rendering a page; nothing is written until the batch is delivered. */
export function countScan(propertyId: string) {
  buffer.waiting.set(propertyId, (buffer.waiting.get(propertyId) ?? 0) + 1)
}

export function scansWaiting() {
  let total = 0
  for (const n of buffer.waiting.values()) total += n
  for (const n of Object.values(buffer.outgoing?.scans ?? {})) total += n
  return total
}

/**
 * Hands the waiting scans on as one batch (`deliver` stores it here on the primary, or sends it to
 * the primary). A failed delivery keeps the batch for the next try; scans counted meanwhile wait
 * for the batch after it.
 */
export async function deliverScans(deliver: (batch: ScanBatch) => Promise<unknown>) {
  if (!buffer.outgoing) {
    if (buffer.waiting.size === 0) return 0
    buffer.outgoing = { id: crypto.randomUUID(), scans: Object.fromEntries(buffer.waiting) }
    buffer.waiting.clear()
  }
  const batch = buffer.outgoing
  await deliver(batch)
  buffer.outgoing = null
  return Object.values(batch.scans).reduce((a, b) => a + b, 0)
}

/**
 * Stores a batch of scans as notifications, once however often the same batch arrives (each scan's
 * id comes from the batch's). Answers how many were new. A crowd at a building's door is hundreds
 * of scans a second, so the rows go in as one transaction of kept statements: through the ORM,
 * writing them cost more CPU than serving the pages that counted them.
 */
export async function recordScanBatch(batch: ScanBatch) {
  const owners: Array<{ organisationId: string; propertyId: string; name: string; count: number }> = []
  for (const [propertyId, count] of Object.entries(batch.scans)) {
    try {
      const { organisationId, storefront } = await findStorefrontOwner(propertyId)
      owners.push({ organisationId, propertyId: storefront.id, name: storefront.name, count })
    } catch (err) {
      // Switched off between the scan and the batch: nobody is told any more.
      if (!(err instanceof NotFound)) throw err
    }
  }
  if (owners.length === 0) return 0
  return writeTogether((sql) => {
    const at = new Date()
    let stored = 0
    for (const { organisationId, propertyId, name, count } of owners) {
      const scan = { type: 'qr_scan' as const, message: `QR code scanned at ${name}`, propertyId }
      for (let i = 0; i < count; i++) if (notifyOrganisationOnceIn(sql, organisationId, `scan:${batch.id}:${propertyId}:${i}`, scan, at)) stored++
    }
    return stored
  })
}
