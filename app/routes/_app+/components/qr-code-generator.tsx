// The QR Code Management page's generator: find a property, pick it and generate its code, with
// the chosen property's code shown (and downloadable) below. A plain form post without JavaScript.
import { Form, useNavigate, useNavigation } from '@remix-run/react'
import { Download, QrCode } from 'lucide-react'
import { useEffect, useState } from 'react'
import { SearchBox } from '~/areas/requests/components/request-filters'
import { QrImage } from '~/areas/catalogue/components/qr-image'
import { Button, buttonClasses } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { SelectField } from '~/ui/field'
import { qrCodesHref } from './qr-code-lists'

/** A property the generator offers: one on the lists' pages, or the one previewed. */
export type QrChoice = { id: string; name: string; qrCodeActive: boolean }

/** The property previewed (?property=): its code as drawn, or no svg when it could not be drawn. */
export type QrCodePreview = { id: string; name: string; address: string; active: boolean; url: string; svg: string | null }

export function QrCodeGenerator({ q, choices, preview, params }: { q: string; choices: QrChoice[]; preview: QrCodePreview | null; params: URLSearchParams }) {
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
              go(qrCodesHref(params, { property: e.target.value || null }), { replace: true, preventScrollReset: true })
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

function QrPreview({ preview }: { preview: QrCodePreview | null }) {
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
