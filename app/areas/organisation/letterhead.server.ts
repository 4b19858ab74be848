// The organisation at the top of its documents (invoices, purchase orders): name, address, contact,
// tax number and logo, drawn the same way on each. Moved here from the invoice document when purchase
// orders needed the same letterhead (issue 37).
import type { Content } from '~/lib/pdf.server'
import { imageFileOf, readImage } from '~/lib/storage.server'
import type { OrganisationIdentity } from './organisation-identity.server'

const JPEG = Buffer.from([0xff, 0xd8, 0xff])
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47])

/**
 * An image of ours (a proof photo, a signature, the logo) as a data URL, read through the image
 * storage rather than over HTTP: pdfmake may not fetch anything (services/pdf.server.ts). Anything
 * missing, unreadable or not a JPEG or PNG is left out, as pdfmake would fail the whole PDF on it.
 */
export async function embeddedImage(url: string | null, what: string): Promise<string | null> {
  const file = imageFileOf(url?.split(/[?#]/)[0])
  if (!file) return null
  try {
    const image = await readImage(file)
    if (!image) return null
    const bytes = Buffer.from(await new Response(image.body).arrayBuffer())
    const type = bytes.subarray(0, 3).equals(JPEG) ? 'image/jpeg' : bytes.subarray(0, 4).equals(PNG) ? 'image/png' : null
    return type ? `data:${type};base64,${bytes.toString('base64')}` : null
  } catch (err) {
    console.warn(`${what} could not be read for a PDF:`, err)
    return null
  }
}

/** Who the document is from: name, postal address, contact and tax number, under the logo if any. */
export function issuerBlock(issuer: OrganisationIdentity, logo: string | null): Content[] {
  const contact = [issuer.contactEmail, issuer.contactPhone].filter(Boolean).join(' · ')
  return [
    ...(logo ? [{ image: logo, fit: [140, 48] as [number, number], margin: [0, 0, 0, 6] as [number, number, number, number] }] : []),
    { text: issuer.name, style: 'org' },
    ...(issuer.address ? [{ text: issuer.address, style: 'issuer' }] : []),
    ...(contact ? [{ text: contact, style: 'issuer' }] : []),
    ...(issuer.taxId ? [{ text: `Tax ID: ${issuer.taxId}`, style: 'issuer' }] : []),
  ]
}

