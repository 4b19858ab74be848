// The delivery proof form's browser side, shared by the runner pages' enhancer (app/enhancers/page.ts,
// no React) and the hydrated pages' SignaturePad: a signature drawn with a finger becomes a PNG data
// URL in the hidden `signature` field, and the capture time and the phone's position are filled in.

/**
 * Reveals and wires the proof form's signature pads and fills its capture time and position, inside
 * root. Hydrated pages call it from an effect, the enhancer after every page it paints; what it wired
 * is marked, so running it twice wires nothing twice.
 */
export function wireProofCapture(root: ParentNode) {
  root.querySelectorAll<HTMLElement>('[data-signature-pad]:not([data-wired])').forEach((pad) => {
    const canvas = pad.querySelector('canvas')
    const ctx = canvas?.getContext('2d')
    const field = pad.querySelector<HTMLInputElement>('input[name=signature]')
    const hint = pad.querySelector<HTMLElement>('[data-signature-hint]')
    const clearButton = pad.querySelector<HTMLElement>('[data-signature-clear]')
    if (!canvas || !ctx || !field) return
    pad.setAttribute('data-wired', '')
    const hintText = hint?.textContent ?? ''
    let drawing = false
    const signed = (url: string) => {
      field.value = url
      if (hint) hint.textContent = url ? 'Signed.' : hintText
      if (clearButton) clearButton.hidden = !url
    }
    // A white page, so the stored image is not transparent (black once flattened) where nothing was drawn.
    const clear = () => {
      ctx.fillStyle = '#fff'
      ctx.fillRect(0, 0, canvas.width, canvas.height)
      ctx.lineWidth = 2.5
      ctx.lineCap = 'round'
      ctx.strokeStyle = '#0f172a'
      signed('')
    }
    const point = (e: PointerEvent): [number, number] => {
      const box = canvas.getBoundingClientRect()
      return [((e.clientX - box.left) * canvas.width) / box.width, ((e.clientY - box.top) * canvas.height) / box.height]
    }
    canvas.addEventListener('pointerdown', (e) => {
      drawing = true
      canvas.setPointerCapture?.(e.pointerId)
      ctx.beginPath()
      ctx.moveTo(...point(e))
    })
    canvas.addEventListener('pointermove', (e) => {
      if (!drawing) return
      ctx.lineTo(...point(e))
      ctx.stroke()
    })
    const end = () => {
      if (!drawing) return
      drawing = false
      signed(canvas.toDataURL('image/png'))
    }
    canvas.addEventListener('pointerup', end)
    canvas.addEventListener('pointercancel', end)
    clearButton?.addEventListener('click', clear)
    clear()
    pad.hidden = false
  })
  root.querySelectorAll<HTMLInputElement>('input[data-capture-time]:not([data-wired])').forEach((time) => {
    time.setAttribute('data-wired', '')
    time.value = new Date().toISOString()
    const form = time.form ?? root
    navigator.geolocation?.getCurrentPosition(
      (p) => {
        const set = (attr: string, v: number) => {
          const input = form.querySelector<HTMLInputElement>(`input[${attr}]`)
          if (input) input.value = String(v)
        }
        set('data-capture-lat', p.coords.latitude)
        set('data-capture-lng', p.coords.longitude)
      },
      () => {},
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    )
  })
}
