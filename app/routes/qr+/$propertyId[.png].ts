// /qr/<propertyId>.png: the property's QR code as a PNG download, for managers.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { NotFound } from '~/lib/errors'
import { publicOrigin } from '~/lib/public-url.server'
import { findProperty, propertyQrUrl } from '~/areas/catalogue/property.server'
import { requireManager } from '~/areas/people/auth.server'
import { qrAttachmentHeader, qrPng } from '~/areas/catalogue/qr.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'resource', callers: ['manager'], methods: ['GET', 'HEAD'], permission: 'work' }

export async function loader({ request, params }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  let property
  try {
    property = await findProperty(manager.orgId, params.propertyId ?? '')
  } catch (err) {
    if (err instanceof NotFound) return notFound('Property not found')
    throw err
  }
  // An inactive code is one the manager has taken out of use; handing out a fresh print of it would
  // put it back on a wall while the screens still call it inactive. Activating it is one click away.
  if (!property.qrCodeActive) {
    return notFound(`The QR code for ${property.name} is not active. Activate it on the QR Codes page, then download it.`)
  }
  const png = await qrPng(propertyQrUrl(property, publicOrigin(request)))
  return new Response(new Uint8Array(png), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(png.length),
      'Content-Disposition': qrAttachmentHeader(property.name),
      'Cache-Control': 'private, no-store',
    },
  })
}

function notFound(message: string) {
  return new Response(message, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
