// An invitation as the Team page's form and POST /api/invitations send it (shared, so a field's
// message reads the same with or without JavaScript). Owners are made by transferring ownership.
import { z } from 'zod'

export const INVITABLE_ROLES = ['admin', 'member'] as const
export type InvitableRole = (typeof INVITABLE_ROLES)[number]

export const InvitationInput = z
  .object({
    email: z.string({ error: 'E-mail is required' }).trim().min(1, 'E-mail is required').max(254, 'E-mail is too long').email('Enter a valid e-mail address'),
    role: z.enum(INVITABLE_ROLES, { error: 'Role must be admin or member' }),
  })
  .strict()
