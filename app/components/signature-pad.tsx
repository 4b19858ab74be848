// An optional signature drawn with a finger, only where JavaScript runs: the drawing travels as a PNG
// data URL in the hidden `signature` field. The typed name (receivedBy) is the keyboard and
// no-JavaScript way to record who took the delivery.
import { useEffect, useRef, useState } from 'react'
import { Button } from './ui/button'
import { useHydrated } from './vendor-cart'

const WIDTH = 320
const HEIGHT = 140

export function SignaturePad({ idPrefix }: { idPrefix: string }) {
  const hydrated = useHydrated()
  const canvas = useRef<HTMLCanvasElement>(null)
  const [signed, setSigned] = useState('')
  const drawing = useRef(false)

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d')
    if (!ctx) return
    // A white page, so the stored JPEG is not black where nothing was drawn.
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(0, 0, WIDTH, HEIGHT)
    ctx.lineWidth = 2.5
    ctx.lineCap = 'round'
    ctx.strokeStyle = '#0f172a'
  }, [hydrated])

  if (!hydrated) return null
  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect()
    return [((e.clientX - box.left) * WIDTH) / box.width, ((e.clientY - box.top) * HEIGHT) / box.height] as const
  }
  const clear = () => {
    const ctx = canvas.current?.getContext('2d')
    if (!ctx) return
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(0, 0, WIDTH, HEIGHT)
    setSigned('')
  }
  return (
    <div>
      <p id={`${idPrefix}-signature-label`} className="mb-1 block text-sm font-medium text-slate-700">
        Signature (Optional)
      </p>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-labelledby={`${idPrefix}-signature-label`}
        aria-describedby={`${idPrefix}-signature-hint`}
        data-testid="signature-pad"
        className="w-full max-w-sm touch-none rounded-md border border-slate-300 bg-white"
        onPointerDown={(e) => {
          const ctx = canvas.current?.getContext('2d')
          if (!ctx) return
          drawing.current = true
          e.currentTarget.setPointerCapture(e.pointerId)
          const [x, y] = point(e)
          ctx.beginPath()
          ctx.moveTo(x, y)
        }}
        onPointerMove={(e) => {
          const ctx = canvas.current?.getContext('2d')
          if (!drawing.current || !ctx) return
          const [x, y] = point(e)
          ctx.lineTo(x, y)
          ctx.stroke()
        }}
        onPointerUp={() => {
          if (!drawing.current) return
          drawing.current = false
          setSigned(canvas.current?.toDataURL('image/png') ?? '')
        }}
      />
      <input type="hidden" name="signature" value={signed} />
      <div className="mt-1 flex items-center justify-between gap-2">
        <p id={`${idPrefix}-signature-hint`} className="text-xs text-slate-600">
          {signed ? 'Signed.' : 'Ask the person taking the delivery to sign with a finger.'}
        </p>
        {signed ? (
          <Button variant="secondary" size="sm" onClick={clear}>
            Clear signature
          </Button>
        ) : null}
      </div>
    </div>
  )
}

/** When and where the proof was taken, as the browser knows them; nothing without JavaScript. */
export function ProofCaptureContext() {
  const hydrated = useHydrated()
  const [capturedAt, setCapturedAt] = useState('')
  const [position, setPosition] = useState<{ latitude: number; longitude: number } | null>(null)
  useEffect(() => {
    if (!hydrated) return
    setCapturedAt(new Date().toISOString())
    navigator.geolocation?.getCurrentPosition(
      (p) => setPosition({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => setPosition(null),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    )
  }, [hydrated])
  if (!hydrated) return null
  return (
    <>
      <input type="hidden" name="capturedAt" value={capturedAt} />
      {position ? (
        <>
          <input type="hidden" name="latitude" value={String(position.latitude)} />
          <input type="hidden" name="longitude" value={String(position.longitude)} />
        </>
      ) : null}
    </>
  )
}
