// QR Code Management (spec §2.13): generate a property's code, see which are in use, print them all.
// Every action is a plain form post answered with a redirect and a toast, so it all works without
// JavaScript. The lists are searched (?q=) and paged 50 at a time, each on its own (?active=, ?inactive=;
// decision 101); the lists' state survives every post.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { Printer } from 'lucide-react'
import { z } from 'zod'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { QrCodeGenerator } from '~/routes/_app+/components/qr-code-generator'
import { ActiveQrCodes, InactiveQrCodes } from '~/routes/_app+/components/qr-code-lists'
import { QrVendorPreview } from '~/areas/catalogue/components/qr-vendor-preview'
import { ButtonLink, buttonClasses } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { EmptyState } from '~/ui/empty-state'
import { DomainError } from '~/lib/errors'
import { formatDate } from '~/lib/format'
import { publicOrigin } from '~/lib/public-url.server'
import { redirectWithToast } from '~/lib/toast.server'
import { readCatalogQuery } from '~/areas/catalogue/catalog-page.schema'
import type { PageOf } from '~/areas/catalogue/catalog-page.server'
import { activatePropertyQr, deactivatePropertyQr, findProperty, propertyQrUrl, type Property } from '~/areas/catalogue/property.server'
import { pageProperties, qrCodeCounts } from '~/areas/catalogue/property-list.server'
import { requireManager } from '~/areas/people/auth.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { qrSvg } from '~/areas/catalogue/qr.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['generate', 'activate', 'deactivate'],
  permission: 'work',
}

export const meta: MetaFunction = () => [{ title: 'QR Code Management · Stockrun' }]

/** The lists' search and pages, kept by every link and post (?q=, ?active=, ?inactive=). */
const LIST_QUERY = ['q', 'active', 'inactive']

/** This screen with the lists as the manager left them and `property` previewed (or none). */
function screenHref(params: URLSearchParams, propertyId: string | null) {
  const next = new URLSearchParams(propertyId ? { property: propertyId } : {})
  for (const key of LIST_QUERY) {
    const value = params.get(key)
    if (value) next.set(key, value)
  }
  return next.size ? `/qr-codes?${next}` : '/qr-codes'
}

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const orgId = manager.orgId
  const params = new URL(request.url).searchParams
  const selectedId = params.get('property')
  const { q } = readCatalogQuery(params)
  // Two lists, each a page of 50 of its own (decision 101), and the organisation's counts.
  const [active, inactive, counts, timeZone] = await Promise.all([
    pageProperties(orgId, { q, page: readCatalogQuery(params, 'active').page, qrCodeActive: true }),
    pageProperties(orgId, { q, page: readCatalogQuery(params, 'inactive').page, qrCodeActive: false }),
    qrCodeCounts(orgId),
    organisationTimeZone(orgId),
  ])
  const onPage = [...active.rows, ...inactive.rows]
  const selected = selectedId ? (onPage.find((p) => p.id === selectedId) ?? (await findProperty(orgId, selectedId).catch(() => null))) : null
  let preview = null
  if (selected) {
    const url = propertyQrUrl(selected, publicOrigin(request))
    preview = {
      id: selected.id,
      name: selected.name,
      address: selected.address,
      active: selected.qrCodeActive,
      url,
      // A code that cannot be drawn shows the spec's fallback text instead of breaking the page.
      svg: selected.qrCodeActive ? await qrSvg(url).catch(() => null) : null,
    }
  }
  const row = (p: Property) => ({
    id: p.id,
    name: p.name,
    address: p.address,
    qrCodeActive: p.qrCodeActive,
    // Read on the organisation's clock, made here so the server's page and the browser's agree.
    generated: p.qrCodeGeneratedAt ? formatDate(p.qrCodeGeneratedAt, timeZone) : null,
  })
  const list = (page: PageOf<Property>) => ({ rows: page.rows.map(row), total: page.total, offset: page.offset, page: page.page, pageCount: page.pageCount })
  return json({
    q,
    active: list(active),
    inactive: list(inactive),
    counts,
    // The generator's choice: the properties on these pages (and the one previewed), never the whole portfolio.
    choices: [...(selected && !onPage.some((p) => p.id === selected.id) ? [selected] : []), ...onPage].map((p) => ({ id: p.id, name: p.name, qrCodeActive: p.qrCodeActive })),
    preview,
  })
}

const QrAction = z.object({
  intent: z.enum(['generate', 'activate', 'deactivate']),
  propertyId: z.string().trim().optional().default(''),
})

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const parsed = QrAction.safeParse(Object.fromEntries(await request.formData()))
  const from = new URL(request.url).searchParams
  const previewing = from.get('property')
  // Back to the lists' search and pages, with the property previewed.
  const back = (propertyId = previewing) => screenHref(from, propertyId)
  if (!parsed.success) {
    return redirectWithToast(back(), { title: 'Error', description: 'Failed to update QR code status.', variant: 'error' })
  }
  const { intent, propertyId } = parsed.data

  if (intent === 'generate') {
    if (!propertyId) {
      return redirectWithToast(back(), { title: 'No Property Selected', description: 'Please select a property first.', variant: 'error' })
    }
    try {
      const property = await findProperty(manager.orgId, propertyId)
      // The image is made first (spec §4), so a code is never marked active that could not be drawn.
      await qrSvg(propertyQrUrl(property, publicOrigin(request)))
      await activatePropertyQr(manager.orgId, property.id, publicOrigin(request))
    } catch (err) {
      return failed(back(), 'Failed to generate QR code.', err)
    }
    return redirectWithToast(back(propertyId), { title: 'QR Code Generated', description: 'QR code has been generated successfully.' })
  }

  try {
    const property =
      intent === 'activate'
        ? await activatePropertyQr(manager.orgId, propertyId, publicOrigin(request))
        : await deactivatePropertyQr(manager.orgId, propertyId)
    const now = property.qrCodeActive ? 'active' : 'inactive'
    return redirectWithToast(back(intent === 'activate' ? property.id : previewing), {
      title: 'QR Code Status Updated',
      description: `The QR code for ${property.name} is now ${now}.`,
    })
  } catch (err) {
    return failed(back(), 'Failed to update QR code status.', err)
  }
}

/** A manager gets the spec's error toast and an unchanged page; only unexpected failures are logged. */
async function failed(backTo: string, description: string, err: unknown) {
  if (!(err instanceof DomainError)) console.error(err)
  return redirectWithToast(backTo, { title: 'Error', description, variant: 'error' })
}

export default function QrCodesPage() {
  const { q, active, inactive, counts, choices, preview } = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  return (
    <>
      <PageHeader
        title="QR Code Management"
        description="Generate and manage property QR codes"
        action={
          // A document, not a Remix page: the browser opens the PDF itself, ready to print.
          <a href="/qr-codes/sheet.pdf" target="_blank" rel="noopener" className={buttonClasses('secondary')}>
            <Printer className="h-4 w-4" aria-hidden="true" />
            Print QR sheet (PDF)
          </a>
        }
      />
      {counts.total === 0 ? (
        <EmptyState title="No Properties Found" action={<ButtonLink to="/properties?new">Create a property</ButtonLink>}>
          QR codes belong to properties. Create your first property, then generate its code here.
        </EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-6">
            <QrCodeGenerator q={q} choices={choices} preview={preview} params={params} />
            <Card>
              <CardHeader title="Vendor View Preview" description="Where the code leads after a scan." />
              <CardBody>
                <QrVendorPreview propertyName={preview?.name ?? null} address={preview?.address ?? null} />
              </CardBody>
            </Card>
          </div>
          <div className="space-y-6">
            <ActiveQrCodes list={active} q={q} params={params} />
            <InactiveQrCodes list={inactive} q={q} params={params} />
            <Card>
              <CardHeader title="QR Code Overview" />
              <CardBody>
                <dl className="grid grid-cols-2 gap-4">
                  <div className="rounded-lg bg-green-50 p-4">
                    <dt className="text-sm text-green-800">Active QR codes</dt>
                    <dd className="mt-1 text-2xl font-semibold text-green-900" data-testid="active-count">
                      {counts.active}
                    </dd>
                  </div>
                  <div className="rounded-lg bg-slate-50 p-4">
                    <dt className="text-sm text-slate-600">Total properties</dt>
                    <dd className="mt-1 text-2xl font-semibold text-slate-900" data-testid="total-count">
                      {counts.total}
                    </dd>
                  </div>
                </dl>
              </CardBody>
            </Card>
          </div>
        </div>
      )}
    </>
  )
}
