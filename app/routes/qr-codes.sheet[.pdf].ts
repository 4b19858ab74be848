// /qr-codes/sheet.pdf: every active QR code of the organisation, ready to print and post at the properties.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { formatDate } from '~/lib/format'
import { organisationTimeZone } from '~/models/organisation-time-zone.server'
import { organisationIdentity } from '~/models/organisation-identity.server'
import { publicOrigin } from '~/lib/public-url.server'
import { listProperties, propertyQrUrl } from '~/models/property.server'
import { requireManager } from '~/services/auth.server'
import { pdfHeaders, renderPdf } from '~/services/pdf.server'
import { qrSheetDocument, qrSvg } from '~/services/qr.server'
import type { RouteContract } from '~/lib/route-contract'

export const contract: RouteContract = { kind: 'resource', callers: ['manager'], methods: ['GET', 'HEAD'], permission: 'work' }

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const origin = publicOrigin(request)
  const active = (await listProperties(manager.orgId))
    .filter((p) => p.qrCodeActive)
    // Printed stacks are easier to hand out in the order people look them up.
    .sort((a, b) => a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base' }))
  const entries = await Promise.all(
    active.map(async (p) => {
      const url = propertyQrUrl(p, origin)
      return { name: p.name, address: p.address, url, svg: await qrSvg(url) }
    }),
  )
  const [identity, timeZone] = await Promise.all([organisationIdentity(manager.orgId), organisationTimeZone(manager.orgId)])
  const pdf = await renderPdf(qrSheetDocument(entries, identity, formatDate(new Date(), timeZone)))
  return new Response(new Uint8Array(pdf), { headers: { ...pdfHeaders('qr-codes.pdf'), 'Content-Length': String(pdf.length) } })
}
