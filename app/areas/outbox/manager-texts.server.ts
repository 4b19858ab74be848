// The managers' texts: a new request told by SMS to every manager who asked for it in their
// settings, beside the notification every manager sees in the app (notification.server.ts).
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { readNow } from '~/lib/sql.server'
import { sendSms } from './sms.server'

// Compiled once (decision 125): read after every group of vendor requests.
const smsManagers = compiledOnce((p: { orgId: string }) =>
  tables
    .selectFrom('UserSettings as s')
    .innerJoin('Membership as m', 'm.userId', 's.userId')
    .select('s.smsPhone')
    .where('m.organisationId', '=', p.orgId)
    .where('s.smsNotifications', '=', 1)
    .where('s.smsPhone', 'is not', null)
    .$narrowType<{ smsPhone: string }>(),
)

/**
 * Texts every manager of the organisation who turned SMS notifications on and gave a number.
 * Sent after the request is stored and never fails it: a text is a courtesy, the list is the record.
 */
export async function textManagersWhoAskedForSms(orgId: string, messages: string[]) {
  // After every group of vendor requests: a kept statement, not the ORM's ~1 ms (decision 063).
  const managers = await readNow((sql) => sql.all(smsManagers({ orgId })))
  // Several messages (requests written together) go out in their order, each to every manager at once.
  const outcomes = []
  for (const text of messages) {
    outcomes.push(...(await Promise.all(managers.map((m) => sendSms(m.smsPhone, text).catch(() => 'failed' as const)))))
  }
  return outcomes
}
