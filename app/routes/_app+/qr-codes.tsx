// QR Code Management (spec §2.13): generate a property's code, see which are in use, print them all.
// Every action is a plain form post answered with a redirect and a toast, so it all works without
// JavaScript. The lists are searched (?q=) and paged 50 at a time, each on its own (?active=, ?inactive=;
// decision 101); the lists' state survives every post.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigate, useNavigation, useSearchParams } from '@remix-run/react'
import { Download, ExternalLink, Printer, QrCode } from 'lucide-react'
import { useEffect, useState } from 'react'
import { z } from 'zod'
import { PageNav, PageSummary } from '~/routes/_app+/components/catalog-pager'
import { SearchBox } from '~/areas/requests/components/request-filters'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { withParams } from '~/areas/requests/components/request-filters'
import { QrImage } from '~/areas/catalogue/components/qr-image'
import { QrVendorPreview } from '~/areas/catalogue/components/qr-vendor-preview'
import { Badge } from '~/ui/badge'
import { iconSprite } from '~/ui/icon-sprite'
import { Button, ButtonLink, buttonClasses } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { EmptyState } from '~/ui/empty-state'
import { SelectField } from '~/ui/field'
import { DomainError } from '~/lib/errors'
import { formatDate } from '~/lib/format'
import { publicOrigin } from '~/lib/public-url.server'
import { redirectWithToast } from '~/lib/toast.server'
import { readCatalogQuery } from '~/areas/catalogue/catalog-page.schema'
import type { PageOf } from '~/areas/catalogue/catalog-page.server'
import { activatePropertyQr, deactivatePropertyQr, findProperty, pageProperties, propertyQrUrl, qrCodeCounts, type Property } from '~/areas/catalogue/property.server'
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

// Two icons on each of a list page's 50 rows, drawn once per page from a sprite (decision 066).
const { Symbols: RowIconSymbols, Icon: RowIcon } = iconSprite('qr-row-icon', { qrCode: QrCode, externalLink: ExternalLink })

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
            <Generator q={q} choices={choices} preview={preview} params={params} />
            <Card>
              <CardHeader title="Vendor View Preview" description="Where the code leads after a scan." />
              <CardBody>
                <QrVendorPreview propertyName={preview?.name ?? null} address={preview?.address ?? null} />
              </CardBody>
            </Card>
          </div>
          <div className="space-y-6">
            <ActiveList list={active} q={q} params={params} />
            <InactiveList list={inactive} q={q} params={params} />
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

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
type List = LoaderData['active']
type Choice = LoaderData['choices'][number]

/** The same screen with the property shown, or another list page; the search and the other list's page are kept. */
function hrefWith(params: URLSearchParams, changes: Record<string, string | null>) {
  return `/qr-codes${withParams(params, changes)}`
}

function Generator({ q, choices, preview, params }: { q: string; choices: Choice[]; preview: LoaderData['preview']; params: URLSearchParams }) {
  const navigate = useNavigation()
  const go = useNavigate()
  const [chosen, setChosen] = useState(preview?.id ?? '')
  useEffect(() => setChosen(preview?.id ?? ''), [preview?.id])
  // Server-rendered pages keep the button enabled: without JavaScript it cannot follow the select,
  // so the server answers an empty choice with 'No Property Selected' instead.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const generating = navigate.state !== 'idle' && navigate.formData?.get('intent') === 'generate'
  const keep = Object.fromEntries(['property', 'active', 'inactive'].flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])))

  return (
    <Card>
      <CardHeader title="QR Code Generator" description="Find a property, pick it and generate the code vendors scan." />
      <CardBody className="space-y-5">
        <SearchBox labelled id="qr-search" q={q} keep={keep} label="Search properties by name or address" placeholder="Search properties by name or address..." />
        <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="generate" />
          <SelectField
            label="Property"
            name="propertyId"
            className="min-w-0 flex-1"
            value={chosen}
            onChange={(e) => {
              setChosen(e.target.value)
              // Show the chosen property's code (if it has one) straight away.
              go(hrefWith(params, { property: e.target.value || null }), { replace: true, preventScrollReset: true })
            }}
          >
            <option value="">{q ? 'Select a matching property…' : 'Select a property…'}</option>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.qrCodeActive ? `${p.name} (active)` : p.name}
              </option>
            ))}
          </SelectField>
          <Button type="submit" disabled={hydrated && !chosen} pending={generating} pendingLabel="Generating...">
            <QrCode className="h-4 w-4" aria-hidden="true" />
            Generate QR Code
          </Button>
        </Form>
        <QrPreview preview={preview} />
      </CardBody>
    </Card>
  )
}

function QrPreview({ preview }: { preview: LoaderData['preview'] }) {
  if (!preview) {
    return <PreviewNote>Select a property and press Generate QR Code to see its code here.</PreviewNote>
  }
  if (!preview.active) {
    return <PreviewNote>{`${preview.name} has no active QR code yet. Press Generate QR Code to create it.`}</PreviewNote>
  }
  if (!preview.svg) return <PreviewNote>Failed to generate QR code</PreviewNote>
  return (
    <div className="flex flex-col items-center gap-3 text-center" data-testid="qr-preview">
      <div className="rounded-lg border border-slate-200 p-2">
        <QrImage svg={preview.svg} label={`QR code for ${preview.name}`} />
      </div>
      <div>
        <p className="font-medium text-slate-900">{preview.name}</p>
        <p className="break-all text-xs text-slate-500">{preview.url}</p>
      </div>
      {/* A document request: the route answers the PNG as an attachment named after the property. */}
      <a href={`/qr/${preview.id}.png`} download className={buttonClasses('primary')}>
        <Download className="h-4 w-4" aria-hidden="true" />
        Download
      </a>
    </div>
  )
}

function PreviewNote({ children }: { children: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-6 text-center text-sm text-slate-600">
      <p>{children}</p>
    </div>
  )
}

function ListPages({ list, params, pageParam, label, noun }: { list: List; params: URLSearchParams; pageParam: string; label: string; noun: [string, string] }) {
  if (list.pageCount <= 1) return null
  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      <PageSummary offset={list.offset} shown={list.rows.length} total={list.total} noun={noun} />
      <PageNav params={params} page={list.page} pageCount={list.pageCount} pageParam={pageParam} label={label} testId={`${pageParam}-pages`} />
    </div>
  )
}

function ActiveList({ list, q, params }: { list: List; q: string; params: URLSearchParams }) {
  return (
    <Card>
      <CardHeader title={`Active QR Codes (${list.total})`} />
      <CardBody>
        {list.rows.length === 0 ? (
          <p className="text-sm text-slate-600">
            {q ? `No active QR code matches “${q}”.` : 'No active QR codes yet. Generate one to let vendors request supplies.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.rows.map((p) => (
              <li key={p.id} className="py-3 first:pt-0 last:pb-0">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="break-words font-medium text-slate-900">{p.name}</p>
                    <p className="break-words text-sm text-slate-600">{p.address}</p>
                    <p className="text-xs text-slate-500">
                      {p.generated ? `Generated ${p.generated}` : 'Generated date unknown'}
                    </p>
                  </div>
                  <Badge tone="green" className="shrink-0">
                    Active
                  </Badge>
                </div>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <Link
                    to={hrefWith(params, { property: p.id })}
                    preventScrollReset
                    className={buttonClasses('secondary', 'sm')}
                    aria-label={`Show QR code for ${p.name}`}
                  >
                    <RowIcon name="qrCode" className="h-4 w-4" />
                    Show QR
                  </Link>
                  <a
                    href={`/vendor/${p.id}`}
                    target="_blank"
                    rel="noopener"
                    className={buttonClasses('secondary', 'sm')}
                    aria-label={`Open the vendor page for ${p.name} in a new tab`}
                  >
                    <RowIcon name="externalLink" className="h-4 w-4" />
                    Vendor page
                  </a>
                  <StatusForm propertyId={p.id} intent="deactivate" label="Deactivate" name={p.name} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <RowIconSymbols />
        <ListPages list={list} params={params} pageParam="active" label="Pages of active QR codes" noun={['active QR code', 'active QR codes']} />
      </CardBody>
    </Card>
  )
}

function InactiveList({ list, q, params }: { list: List; q: string; params: URLSearchParams }) {
  return (
    <Card>
      <CardHeader title={`Inactive Properties (${list.total})`} />
      <CardBody>
        {list.rows.length === 0 ? (
          <p className="text-sm text-slate-600">{q ? `No inactive property matches “${q}”.` : 'Every property has an active QR code.'}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.rows.map((p) => (
              <li key={p.id} className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-slate-900">{p.name}</p>
                  <p className="break-words text-sm text-slate-600">{p.address}</p>
                </div>
                <StatusForm propertyId={p.id} intent="activate" label="Activate" name={p.name} />
              </li>
            ))}
          </ul>
        )}
        <ListPages list={list} params={params} pageParam="inactive" label="Pages of inactive properties" noun={['inactive property', 'inactive properties']} />
      </CardBody>
    </Card>
  )
}

function StatusForm({ propertyId, intent, label, name }: { propertyId: string; intent: 'activate' | 'deactivate'; label: string; name: string }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('propertyId') === propertyId && navigation.formData?.get('intent') === intent
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="propertyId" value={propertyId} />
      <Button
        type="submit"
        size="sm"
        variant={intent === 'deactivate' ? 'secondary' : 'primary'}
        pending={busy}
        pendingLabel={intent === 'deactivate' ? 'Deactivating...' : 'Activating...'}
        aria-label={`${label} QR code for ${name}`}
      >
        {label}
      </Button>
    </Form>
  )
}
