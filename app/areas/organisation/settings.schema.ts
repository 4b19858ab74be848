// Settings input, shared by the settings page and /api/settings, /api/admin/system-settings.
import { z } from 'zod'
import { booleanInput } from '~/lib/common.schema'

export const PreferencesInput = z
  .object({
    notificationSoundsEnabled: booleanInput.optional(),
    emailNotifications: booleanInput.optional(),
    smsNotifications: booleanInput.optional(),
    // Blank clears it; a text goes nowhere without it.
    smsPhone: z
      .string()
      .trim()
      .regex(/^$|^\+?[0-9][0-9 ().-]{6,19}$/, 'Enter a phone number like +1 212 555 0100')
      .nullish()
      // Absent stays absent (not a change); blank becomes null (clear it).
      .transform((v) => (v === undefined ? undefined : v || null)),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Send at least one preference to change' })

export const SystemSettingsInput = z.object({
  registration_enabled: booleanInput,
})
