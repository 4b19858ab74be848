// QR Code Management (spec §2.13): generate a property's code, see which are in use, print them all.
// Every action is a plain form post answered with a redirect and a toast, so it all works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigate, useNavigation } from '@remix-run/react'
import { Download, ExternalLink, Printer, QrCode } from 'lucide-react'
import { useEffect, useState } from 'react'
import { z } from 'zod'
import { PageHeader } from '~/components/page-header'
import { QrImage } from '~/components/qr-image'
import { QrVendorPreview } from '~/components/qr-vendor-preview'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink, buttonClasses } from '~/components/ui/button'
import { Card, CardBody, CardHeader } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { SelectField } from '~/components/ui/field'
import { DomainError } from '~/lib/errors'
import { formatDate } from '~/lib/format'
import { publicOrigin } from '~/lib/public-url.server'
import { redirectWithToast } from '~/lib/toast.server'
import { activatePropertyQr, deactivatePropertyQr, findProperty, listProperties, propertyQrUrl } from '~/models/property.server'
import { requireManager } from '~/services/auth.server'
import { organisationTimeZone } from '~/models/organisation-time-zone.server'
import { qrSvg } from '~/services/qr.server'

export const meta: MetaFunction = () => [{ title: 'QR Code Management · Stockrun' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const selectedId = new URL(request.url).searchParams.get('property')
  const [properties, timeZone] = await Promise.all([listProperties(manager.orgId), organisationTimeZone(manager.orgId)])
  const selected = properties.find((p) => p.id === selectedId) ?? null
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
  return json({
    properties: properties.map((p) => ({
      id: p.id,
      name: p.name,
      address: p.address,
      qrCodeActive: p.qrCodeActive,
      // Read on the organisation's clock, made here so the server's page and the browser's agree.
      generated: p.qrCodeGeneratedAt ? formatDate(p.qrCodeGeneratedAt, timeZone) : null,
    })),
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
  const previewing = new URL(request.url).searchParams.get('property')
  const back = (propertyId = previewing) => (propertyId ? `/qr-codes?property=${encodeURIComponent(propertyId)}` : '/qr-codes')
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
  const { properties, preview } = useLoaderData<typeof loader>()
  const active = properties.filter((p) => p.qrCodeActive)
  const inactive = properties.filter((p) => !p.qrCodeActive)
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
      {properties.length === 0 ? (
        <EmptyState title="No Properties Found" action={<ButtonLink to="/properties">Create a property</ButtonLink>}>
          QR codes belong to properties. Create your first property, then generate its code here.
        </EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-6">
            <Generator properties={properties} preview={preview} />
            <Card>
              <CardHeader title="Vendor View Preview" description="Where the code leads after a scan." />
              <CardBody>
                <QrVendorPreview propertyName={preview?.name ?? null} address={preview?.address ?? null} />
              </CardBody>
            </Card>
          </div>
          <div className="space-y-6">
            <ActiveList properties={active} />
            <InactiveList properties={inactive} />
            <Card>
              <CardHeader title="QR Code Overview" />
              <CardBody>
                <dl className="grid grid-cols-2 gap-4">
                  <div className="rounded-lg bg-green-50 p-4">
                    <dt className="text-sm text-green-800">Active QR codes</dt>
                    <dd className="mt-1 text-2xl font-semibold text-green-900" data-testid="active-count">
                      {active.length}
                    </dd>
                  </div>
                  <div className="rounded-lg bg-slate-50 p-4">
                    <dt className="text-sm text-slate-600">Total properties</dt>
                    <dd className="mt-1 text-2xl font-semibold text-slate-900" data-testid="total-count">
                      {properties.length}
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
type Row = LoaderData['properties'][number]

function Generator({ properties, preview }: { properties: Row[]; preview: LoaderData['preview'] }) {
  const navigate = useNavigation()
  const go = useNavigate()
  const [chosen, setChosen] = useState(preview?.id ?? '')
  useEffect(() => setChosen(preview?.id ?? ''), [preview?.id])
  // Server-rendered pages keep the button enabled: without JavaScript it cannot follow the select,
  // so the server answers an empty choice with 'No Property Selected' instead.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const generating = navigate.state !== 'idle' && navigate.formData?.get('intent') === 'generate'

  return (
    <Card>
      <CardHeader title="QR Code Generator" description="Pick a property and generate the code vendors scan." />
      <CardBody className="space-y-5">
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
              const to = e.target.value ? `/qr-codes?property=${encodeURIComponent(e.target.value)}` : '/qr-codes'
              go(to, { replace: true, preventScrollReset: true })
            }}
          >
            <option value="">Select a property…</option>
            {properties.map((p) => (
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

function ActiveList({ properties }: { properties: Row[] }) {
  return (
    <Card>
      <CardHeader title={`Active QR Codes (${properties.length})`} />
      <CardBody>
        {properties.length === 0 ? (
          <p className="text-sm text-slate-600">No active QR codes yet. Generate one to let vendors request supplies.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {properties.map((p) => (
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
                    to={`/qr-codes?property=${p.id}`}
                    preventScrollReset
                    className={buttonClasses('secondary', 'sm')}
                    aria-label={`Show QR code for ${p.name}`}
                  >
                    <QrCode className="h-4 w-4" aria-hidden="true" />
                    Show QR
                  </Link>
                  <a
                    href={`/vendor/${p.id}`}
                    target="_blank"
                    rel="noopener"
                    className={buttonClasses('secondary', 'sm')}
                    aria-label={`Open the vendor page for ${p.name} in a new tab`}
                  >
                    <ExternalLink className="h-4 w-4" aria-hidden="true" />
                    Vendor page
                  </a>
                  <StatusForm propertyId={p.id} intent="deactivate" label="Deactivate" name={p.name} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  )
}

function InactiveList({ properties }: { properties: Row[] }) {
  return (
    <Card>
      <CardHeader title={`Inactive Properties (${properties.length})`} />
      <CardBody>
        {properties.length === 0 ? (
          <p className="text-sm text-slate-600">Every property has an active QR code.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {properties.map((p) => (
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
