// Notifications for an organisation's managers.
import { db } from '~/lib/db.server'

export function countUnread(orgId: string) {
  return db.notification.count({ where: { organisationId: orgId, isRead: false } })
}
