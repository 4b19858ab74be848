import { cn } from '~/ui/cn'

/**
 * A QR code drawn from an SVG string that our own server made with the qrcode library from a URL we
 * built (app/services/qr.server.ts), never from user-supplied markup: so injecting it as HTML is safe,
 * and it shows without JavaScript and stays sharp when printed or zoomed, unlike a canvas or a PNG.
 */
export function QrImage({ svg, label, className }: { svg: string; label: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      className={cn('h-64 w-64 max-w-full bg-white [&>svg]:h-full [&>svg]:w-full', className)}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  )
}
