// Settings input, shared by the settings page and /api/settings, /api/admin/system-settings.
import { z } from 'zod'
import { booleanInput } from './common'

export const PreferencesInput = z
  .object({
    notificationSoundsEnabled: booleanInput.optional(),
    emailNotifications: booleanInput.optional(),
    smsNotifications: booleanInput.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Send at least one preference to change' })

export const SystemSettingsInput = z.object({
  registration_enabled: booleanInput,
})
