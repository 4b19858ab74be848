// /qr-codes/sheet.pdf: every active QR code of the organisation, ready to print and post at the properties.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { formatDate } from '~/lib/format'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { organisationIdentity } from '~/areas/organisation/organisation-identity.server'
import { publicOrigin } from '~/lib/public-url.server'
import { listProperties, propertyQrUrl } from '~/areas/catalogue/property.server'
import { requireManager } from '~/areas/people/auth.server'
import { pdfHeaders, renderPdf } from '~/lib/pdf.server'
import { qrSheetDocument, qrSvg } from '~/areas/catalogue/qr.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

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
