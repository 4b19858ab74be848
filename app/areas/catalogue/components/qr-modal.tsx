// The property's QR code in a URL-driven dialog (see other/decisions/002-dialogs-in-the-url.md):
// the server renders the image, so a manager without JavaScript sees and downloads it too.
import { Download } from 'lucide-react'
import { QrImage } from './qr-image'
import { buttonClasses } from '~/ui/button'
import { Dialog } from '~/ui/dialog'

export type QrModalProperty = { id: string; name: string; qrCodeUrl: string | null }

export function QrModal({ property, svg, closeTo }: { property: QrModalProperty; svg: string | null; closeTo: string }) {
  return (
    <Dialog title={`QR Code - ${property.name}`} closeTo={closeTo}>
      <div className="flex flex-col items-center gap-4 text-center">
        {!property.qrCodeUrl ? (
          <QrFallback>QR Code not available</QrFallback>
        ) : !svg ? (
          <QrFallback>Failed to generate QR code</QrFallback>
        ) : (
          <>
            <div className="rounded-lg border border-slate-200 p-2">
              <QrImage svg={svg} label={`QR code for ${property.name}`} />
            </div>
            <p className="text-sm text-slate-600">
              {`Scan this QR code to access the vendor request form for ${property.name}`}
            </p>
            {/* A document request, not client navigation: the route answers a PNG as an attachment. */}
            <a href={`/qr/${property.id}.png`} download className={buttonClasses('primary')}>
              <Download className="h-4 w-4" aria-hidden="true" />
              Download
            </a>
          </>
        )}
      </div>
    </Dialog>
  )
}

function QrFallback({ children }: { children: string }) {
  return (
    <div className="flex h-64 w-64 max-w-full items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4 text-sm text-slate-600">
      <p role="status">{children}</p>
    </div>
  )
}
