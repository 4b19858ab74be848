// Input shapes shared by page forms (conform) and /api routes, so both refuse the same things.
import { z } from 'zod'

/** A checkbox or JSON boolean: forms send "true"/"false"/"on", JSON sends true/false. */
export const booleanInput = z.preprocess((raw) => {
  // A switch posts a hidden "false" and, when on, a "true" after it: the last value wins.
  const v = Array.isArray(raw) ? raw[raw.length - 1] : raw
  if (v === 'true' || v === 'on') return true
  if (v === 'false') return false
  return v
}, z.boolean({ error: 'Must be true or false' }))

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
