// QR code scans: each one tells the property's managers that someone is at the door with a phone.
import { notifyOrganisation } from './notification.server'
import { findStorefrontOwner } from './storefront.server'

/** Records one scan of an active property's code; NotFound for an unknown or inactive property. */
export async function recordScan(propertyId: string) {
  const { storefront, organisationId } = await findStorefrontOwner(propertyId)
  await notifyOrganisation(organisationId, {
    type: 'qr_scan',
    message: `QR code scanned at ${storefront.name}`,
    propertyId: storefront.id,
  })
  return { propertyId: storefront.id }
}
