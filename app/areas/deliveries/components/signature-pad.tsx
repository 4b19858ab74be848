// An optional signature drawn with a finger, only where JavaScript runs: the drawing travels as a PNG
// data URL in the hidden `signature` field. The typed name (receivedBy) is the keyboard and
// no-JavaScript way to record who took the delivery.
// The runner and delivery pages ship without React (decision 040), so this is server markup, hidden
// and inert until the page enhancer's wireProofCapture reveals and wires it; on a hydrated page the
// effect below runs the same function (it marks what it wired, so nothing is wired twice).
import { useEffect, useRef } from 'react'
import { wireProofCapture } from './proof-capture'
import { Button } from '~/ui/button'

export function SignaturePad({ idPrefix }: { idPrefix: string }) {
  const pad = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (pad.current?.parentElement) wireProofCapture(pad.current.parentElement)
  }, [])
  return (
    <div ref={pad} data-signature-pad hidden>
      <p id={`${idPrefix}-signature-label`} className="mb-1 block text-sm font-medium text-slate-700">
        Signature (Optional)
      </p>
      <canvas
        width={320}
        height={140}
        role="img"
        aria-labelledby={`${idPrefix}-signature-label`}
        aria-describedby={`${idPrefix}-signature-hint`}
        data-testid="signature-pad"
        className="w-full max-w-sm touch-none rounded-md border border-slate-300 bg-white"
      />
      <input type="hidden" name="signature" defaultValue="" data-capture />
      <div className="mt-1 flex items-center justify-between gap-2">
        {/* No aria-live here: the enhancer pairs live regions across a page swap by their order. */}
        <p id={`${idPrefix}-signature-hint`} className="text-xs text-slate-600" data-signature-hint>
          Ask the person taking the delivery to sign with a finger.
        </p>
        {/* A wrapper, because the button's display class would beat its own hidden attribute. */}
        <span data-signature-clear hidden>
          <Button variant="secondary" size="sm">
            Clear signature
          </Button>
        </span>
      </div>
    </div>
  )
}

/** When and where the proof was taken, as the browser knows them; empty (so ignored) without JavaScript. */
export function ProofCaptureContext() {
  const fields = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    if (fields.current?.parentElement) wireProofCapture(fields.current.parentElement)
  }, [])
  return (
    <span ref={fields} hidden>
      <input type="hidden" name="capturedAt" defaultValue="" data-capture data-capture-time />
      <input type="hidden" name="latitude" defaultValue="" data-capture data-capture-lat />
      <input type="hidden" name="longitude" defaultValue="" data-capture data-capture-lng />
    </span>
  )
}
