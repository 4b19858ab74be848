// Runs on EVERY machine (not a PrimaryJob): hands this machine's counted QR scans to the database.
// On the primary it stores them; on a replica it posts them to the primary; while no primary is
// known it keeps them for the next round.
import { currentRole } from '~/lib/litefs.server'
import { deliverScans, recordScanBatch } from '~/areas/catalogue/scan.server'
import { sendToPrimary } from '~/lib/primary-relay.server'

export const SCAN_RELAY_PATH = '/internal/scans'

export async function relayScans() {
  const role = currentRole()
  if (role.kind === 'primary') return deliverScans(recordScanBatch)
  if (role.kind === 'replica') return deliverScans((batch) => sendToPrimary(role.primary, SCAN_RELAY_PATH, batch))
  return 0
}

/** Relays every `everyMs` until stopped; a failed round is logged and tried again next time. */
export function startScanRelay(everyMs = Number(process.env.SCAN_RELAY_MS) || 1000) {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    relayScans()
      .catch((err) => console.warn(JSON.stringify({ level: 'warn', msg: 'scan relay failed, will retry', error: String(err) })))
      .finally(() => (running = false))
  }, everyMs)
  timer.unref()
  return {
    /** Stops the timer and makes one last attempt (on shutdown, so counted scans are not lost). */
    stop: async () => {
      clearInterval(timer)
      await relayScans().catch(() => {})
    },
  }
}
