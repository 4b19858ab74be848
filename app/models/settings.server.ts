// A manager's own preferences and the system-wide settings owners and admins may change.
import { db } from '~/lib/db.server'
import { Forbidden } from '~/lib/errors'
import { readNow } from '~/lib/sql.server'
import { recordAudit } from './audit-log.server'

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

const SYSTEM_ROLES = new Set(['owner', 'admin'])

export function canManageSystem(role: string) {
  return SYSTEM_ROLES.has(role)
}

/** Refuses a member before their input is even read: a 403 says more than a 400 about a field. */
export function requireSystemRole(role: string) {
  if (!canManageSystem(role)) throw new Forbidden('Only an owner or admin can change system settings.')
}

export async function getSystemSettings(role: string): Promise<SystemSettings> {
  requireSystemRole(role)
  return { registration_enabled: await isRegistrationEnabled() }
}

export async function updateSystemSettings(role: string, changes: SystemSettings) {
  requireSystemRole(role)
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
