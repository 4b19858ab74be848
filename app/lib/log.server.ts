// Structured logs: one JSON object a line, so Fly's log search can filter by request id, machine or level.
import { currentRole } from './litefs.server'

type Level = 'info' | 'warn' | 'error'

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  const role = currentRole()
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, instance: role.instance, role: role.kind, ...fields })
  if (level === 'info') console.log(line)
  else console.error(line)
}
