// A manager's own preferences, and the system-wide settings only the operator may change (decision 072).
import { db } from '~/lib/db.server'
import { readNow } from '~/lib/sql.server'
import { recordAudit } from './audit-log.server'
import { requirePermission, type Actor } from './permissions'

export type UserPreferences = {
  notificationSoundsEnabled: boolean
  emailNotifications: boolean
  smsNotifications: boolean
  smsPhone: string | null
}

const DEFAULT_PREFERENCES: UserPreferences = { notificationSoundsEnabled: true, emailNotifications: true, smsNotifications: false, smsPhone: null }

/** Read-only (every page reads it, and LiteFS replicas cannot write): defaults until first saved. */
export async function getPreferences(userId: string): Promise<UserPreferences> {
  // Read by every manager page's layout: a kept statement rather than an ORM read (decision 068).
  const row = await readNow((sql) =>
    sql.one<{ notificationSoundsEnabled: number; emailNotifications: number; smsNotifications: number; smsPhone: string | null }>(
      'SELECT notificationSoundsEnabled, emailNotifications, smsNotifications, smsPhone FROM UserSettings WHERE userId = ?',
      userId,
    ),
  )
  if (!row) return DEFAULT_PREFERENCES
  return {
    notificationSoundsEnabled: row.notificationSoundsEnabled === 1,
    emailNotifications: row.emailNotifications === 1,
    smsNotifications: row.smsNotifications === 1,
    smsPhone: row.smsPhone,
  }
}

export async function updatePreferences(userId: string, changes: Partial<UserPreferences>) {
  const row = await db.userSettings.upsert({
    where: { userId },
    create: { userId, ...changes },
    update: changes,
  })
  await recordAudit({ action: 'settings.preferences_changed', target: { type: 'user', id: userId }, details: changes })
  return pickPreferences(row)
}

function pickPreferences(row: UserPreferences): UserPreferences {
  return {
    notificationSoundsEnabled: row.notificationSoundsEnabled,
    emailNotifications: row.emailNotifications,
    smsNotifications: row.smsNotifications,
    smsPhone: row.smsPhone,
  }
}

const REGISTRATION = 'registration_enabled'

export async function isRegistrationEnabled() {
  const row = await db.systemSetting.findUnique({ where: { key: REGISTRATION } })
  return row ? row.value === 'true' : true
}

export type SystemSettings = { registration_enabled: boolean }

/** Anyone signed in may know whether sign-up is open; only the operator changes it. */
export async function getSystemSettings(): Promise<SystemSettings> {
  return { registration_enabled: await isRegistrationEnabled() }
}

/** `actor` as withOperator (operator.server.ts) gives it. */
export async function updateSystemSettings(actor: Actor, changes: SystemSettings) {
  requirePermission(actor, 'system')
  await db.systemSetting.upsert({
    where: { key: REGISTRATION },
    create: {
      key: REGISTRATION,
      value: String(changes.registration_enabled),
      description: 'Whether a first sign-in may create a new organisation',
    },
    update: { value: String(changes.registration_enabled) },
  })
  await recordAudit({ action: 'settings.system_changed', target: { type: 'system_setting', id: REGISTRATION }, details: changes })
  return {
    registration_enabled: changes.registration_enabled,
    message: changes.registration_enabled
      ? 'New organisation registration is now open.'
      : 'New organisation registration is now closed.',
  }
}
