// Structured logs: one JSON object a line, so Fly's log search can filter by request id, machine or level.
import { currentRole } from './litefs.server'

type Level = 'info' | 'warn' | 'error'

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  const role = currentRole()
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, instance: role.instance, role: role.kind, ...fields })
  // The stream itself, not console.log: the same line, without console's formatting pass over it
  // (a visible share of serving a kept vendor page, which logs every request).
  ;(level === 'info' ? process.stdout : process.stderr).write(`${line}\n`)
}
