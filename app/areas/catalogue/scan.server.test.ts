import { describe, expect, test } from 'vitest'
import { countScan, deliverScans, recordScanBatch, scansWaiting, type ScanBatch } from './scan.server'
import { givenStorefront, notificationsOf } from '../../../tests/fixtures/vendor'

describe('QR scans counted without a write, stored by the primary', () => {
  test('a batch that fails to arrive is offered again unchanged, and one that arrives twice is stored once', async () => {
    const { property, organisation } = await givenStorefront({ name: 'Quay 7' })
    countScan(property.id)
    countScan(property.id)
    const offered: ScanBatch[] = []
    await expect(
      deliverScans(async (batch) => {
        offered.push(batch)
        throw new Error('the primary did not answer')
      }),
    ).rejects.toThrow()
    expect(scansWaiting()).toBe(2)
    countScan(property.id) // waits for the batch after this one

    // The first try reached the primary after all; then the retry arrives with the same id.
    expect(await recordScanBatch(offered[0]!)).toBe(2)
    await deliverScans(async (batch) => {
      offered.push(batch)
      expect(await recordScanBatch(batch)).toBe(0)
    })
    expect(offered[1]).toEqual(offered[0])
    expect(await notificationsOf(organisation.id, 'qr_scan')).toHaveLength(2)

    await deliverScans(recordScanBatch)
    expect(scansWaiting()).toBe(0)
    const scans = await notificationsOf(organisation.id, 'qr_scan')
    expect(scans).toHaveLength(3)
    expect(scans[0]).toMatchObject({ propertyId: property.id, message: 'QR code scanned at Quay 7', isRead: false })
  })

  test('scans of a code switched off before the batch is stored tell nobody', async () => {
    const { property, organisation } = await givenStorefront({ propertyActive: false })
    expect(await recordScanBatch({ id: crypto.randomUUID(), scans: { [property.id]: 3 } })).toBe(0)
    expect(await notificationsOf(organisation.id, 'qr_scan')).toHaveLength(0)
  })
})
