// Who the organisation is to the people it writes to (issue 34): its name, postal address, contact
// e-mail and phone, tax or registration number and logo. Shown as the issuer on invoices, as the
// sender's name on every e-mail it sends, on the QR sheet and in the switcher. Kept until the next
// write, like the time zone, so a rename shows everywhere at once without a read per page.
import { db } from '~/lib/db.server'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'

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
