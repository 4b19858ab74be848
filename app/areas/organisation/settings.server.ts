// A manager's own preferences, and the system-wide settings only the operator may change (decision 072).
import { newRowId } from '~/lib/ids.server'
import { tables } from '~/lib/sql-builder.server'
import { readNow, writeTogether } from '~/lib/sql.server'
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
    sql.one(tables.selectFrom('UserSettings').select(['notificationSoundsEnabled', 'emailNotifications', 'smsNotifications', 'smsPhone']).where('userId', '=', userId)),
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
  // Only the fields given; the others keep what they were (or their defaults, on the first save).
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<UserPreferences>
  await writeTogether((sql) =>
    sql.run(
      tables
        .insertInto('UserSettings')
        .values({ userId, ...given })
        .onConflict((oc) => (Object.keys(given).length > 0 ? oc.column('userId').doUpdateSet(given) : oc.column('userId').doNothing())),
    ),
  )
  await recordAudit({ action: 'settings.preferences_changed', target: { type: 'user', id: userId }, details: changes })
  return getPreferences(userId)
}

const REGISTRATION = 'registration_enabled'

export async function isRegistrationEnabled() {
  const row = await readNow((sql) => sql.one(tables.selectFrom('SystemSetting').select('value').where('key', '=', REGISTRATION)))
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
  const value = String(changes.registration_enabled)
  const at = new Date()
  await writeTogether((sql) =>
    sql.run(
      tables
        .insertInto('SystemSetting')
        .values({ id: newRowId(), key: REGISTRATION, value, description: 'Whether a first sign-in may create a new organisation', createdAt: at, updatedAt: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: at })),
    ),
  )
  await recordAudit({ action: 'settings.system_changed', target: { type: 'system_setting', id: REGISTRATION }, details: changes })
  return {
    registration_enabled: changes.registration_enabled,
    message: changes.registration_enabled
      ? 'New organisation registration is now open.'
      : 'New organisation registration is now closed.',
  }
}
