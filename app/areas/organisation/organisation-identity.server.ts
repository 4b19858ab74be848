// Who the organisation is to the people it writes to (issue 34): its name, postal address, contact
// e-mail and phone, tax or registration number and logo. Shown as the issuer on invoices, as the
// sender's name on every e-mail it sends, on the QR sheet and in the switcher. Kept until the next
// write, like the time zone, so a rename shows everywhere at once without a read per page.
import { z } from 'zod'
import { db } from '~/lib/db.server'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'
import { booleanInput, IMAGE_UPLOAD_LIMIT_BYTES, IMAGE_URL_NOT_ALLOWED, isAllowedImageUrl, optionalText, requiredText } from '~/lib/common.schema'

export type OrganisationIdentity = {
  name: string
  address: string | null
  contactEmail: string | null
  contactPhone: string | null
  taxId: string | null
  logoUrl: string | null
}

const identities = reusedUntilWrite<OrganisationIdentity>()

export async function organisationIdentity(orgId: string): Promise<OrganisationIdentity> {
  return identities(orgId, () =>
    db.organisation.findUniqueOrThrow({
      where: { id: orgId },
      select: { name: true, address: true, contactEmail: true, contactPhone: true, taxId: true, logoUrl: true },
    }),
  )
}

/** The identity as stored on an invoice when it is issued; an older invoice without one has none. */
export function issuerFromJson(json: string | null | undefined): OrganisationIdentity | null {
  if (!json) return null
  try {
    const value = JSON.parse(json) as Partial<OrganisationIdentity>
    if (typeof value.name !== 'string') return null
    return {
      name: value.name,
      address: value.address ?? null,
      contactEmail: value.contactEmail ?? null,
      contactPhone: value.contactPhone ?? null,
      taxId: value.taxId ?? null,
      logoUrl: value.logoUrl ?? null,
    }
  } catch {
    return null
  }
}

// ---- Input (issue 34): the Settings form and PUT /api/organisation/settings read the same fields. ----

export const ORGANISATION_NAME_REQUIRED = "Enter the organisation's name"
export const CONTACT_EMAIL_INVALID = 'Enter a valid e-mail address, e.g. office@company.com'
export const CONTACT_PHONE_INVALID = 'Enter a phone number: digits, spaces and + ( ) - only'

/** Blank is "not set": a form's empty box and a JSON "" clear the field like a JSON null. */
const blankIsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)

/**
 * Who the organisation is, as the owner types it. Every field but the name may be blank (cleared).
 * The Settings form sends all of them; the API may send any (see OrganisationSettingsInput).
 */
export const OrganisationIdentityInput = z.object({
  name: requiredText(ORGANISATION_NAME_REQUIRED, 100),
  address: optionalText(500),
  contactEmail: z.preprocess(blankIsNull, z.string({ error: CONTACT_EMAIL_INVALID }).trim().max(254, CONTACT_EMAIL_INVALID).email(CONTACT_EMAIL_INVALID).nullish()).transform((v) => v ?? null),
  contactPhone: z
    .preprocess(blankIsNull, z.string({ error: CONTACT_PHONE_INVALID }).trim().max(40, 'Must be at most 40 characters').regex(/^\+?[\d\s().-]*\d[\d\s().-]*$/, CONTACT_PHONE_INVALID).nullish())
    .transform((v) => v ?? null),
  taxId: optionalText(64),
  // An upload's address (POST /api/upload answers it) or an image on the web; never javascript: or data:.
  logoUrl: z.preprocess(blankIsNull, z.string({ error: IMAGE_URL_NOT_ALLOWED }).trim().max(2000).refine(isAllowedImageUrl, IMAGE_URL_NOT_ALLOWED).nullish()).transform((v) => v ?? null),
})
export type OrganisationIdentityChanges = Partial<z.infer<typeof OrganisationIdentityInput>>

/** The Settings form: the same fields, with the logo as a file posted with the form (works without JavaScript). */
export const OrganisationIdentityForm = OrganisationIdentityInput.omit({ logoUrl: true }).extend({
  logo: z.file({ error: 'Choose an image file' }).max(IMAGE_UPLOAD_LIMIT_BYTES, 'The image must be at most 15 MB').optional(),
  removeLogo: booleanInput.optional().default(false),
})

const IDENTITY_FIELDS = ['name', 'address', 'contactEmail', 'contactPhone', 'taxId', 'logoUrl'] as const

/** The identity fields among a set of changes, only those given. */
export function identityChangesOf(changes: Record<string, unknown>): OrganisationIdentityChanges {
  return Object.fromEntries(IDENTITY_FIELDS.filter((f) => changes[f] !== undefined).map((f) => [f, changes[f]])) as OrganisationIdentityChanges
}

/** Which fields a write changed, for the audit log (values too, but never more than a field's name for the logo). */
export function changedIdentityFields(before: OrganisationIdentity, changes: OrganisationIdentityChanges) {
  return IDENTITY_FIELDS.filter((f) => changes[f] !== undefined && changes[f] !== before[f])
}
