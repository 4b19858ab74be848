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
    const field = pad.querySelector<HTMLInputElement>('input[name=signature]')
    const hint = pad.querySelector<HTMLElement>('[data-signature-hint]')
    const clearButton = pad.querySelector<HTMLElement>('[data-signature-clear]')
    if (!canvas || !field) return
    pad.setAttribute('data-wired', '')
    const hintText = hint?.textContent ?? ''
    let drawing = false
    const signed = (url: string) => {
      field.value = url
      if (hint) hint.textContent = url ? 'Signed.' : hintText
      if (clearButton) clearButton.hidden = !url
    }
    // A white page, so the stored image is not transparent (black once flattened) where nothing was drawn.
    const blank = (ctx: CanvasRenderingContext2D) => {
      ctx.fillStyle = '#fff'
      ctx.fillRect(0, 0, canvas.width, canvas.height)
      ctx.lineWidth = 2.5
      ctx.lineCap = 'round'
      ctx.strokeStyle = '#0f172a'
    }
    // The drawing surface is made at the first touch, not at load: a runner's page holds a pad per
    // active delivery, and making each one's surface took a slow phone's main thread 2–15 ms per page
    // before anyone signed (issue 36, item 5). The canvas is white by its style until then.
    let surface: CanvasRenderingContext2D | null = null
    const drawingSurface = () => {
      if (!surface) {
        surface = canvas.getContext('2d')
        if (surface) blank(surface)
      }
      return surface
    }
    const clear = () => {
      const ctx = drawingSurface()
      if (ctx) blank(ctx)
      signed('')
    }
    const point = (e: PointerEvent): [number, number] => {
      const box = canvas.getBoundingClientRect()
      return [((e.clientX - box.left) * canvas.width) / box.width, ((e.clientY - box.top) * canvas.height) / box.height]
    }
    canvas.addEventListener('pointerdown', (e) => {
      const ctx = drawingSurface()
      if (!ctx) return
      drawing = true
      canvas.setPointerCapture?.(e.pointerId)
      ctx.beginPath()
      ctx.moveTo(...point(e))
    })
    canvas.addEventListener('pointermove', (e) => {
      if (!drawing || !surface) return
      surface.lineTo(...point(e))
      surface.stroke()
    })
    const end = () => {
      if (!drawing) return
      drawing = false
      signed(canvas.toDataURL('image/png'))
    }
    canvas.addEventListener('pointerup', end)
    canvas.addEventListener('pointercancel', end)
    clearButton?.addEventListener('click', clear)
    pad.hidden = false
  })
  const times = Array.from(root.querySelectorAll<HTMLInputElement>('input[data-capture-time]:not([data-wired])'))
  if (times.length === 0) return
  for (const time of times) {
    time.setAttribute('data-wired', '')
    time.value = new Date().toISOString()
  }
  // One position for every proof form on the page: it is the phone's, and each request for it is a
  // round trip to the browser (a runner's page holds a form per active delivery).
  navigator.geolocation?.getCurrentPosition(
    (p) => {
      for (const time of times) {
        const form = time.form ?? root
        const set = (attr: string, v: number) => {
          const input = form.querySelector<HTMLInputElement>(`input[${attr}]`)
          if (input) input.value = String(v)
        }
        set('data-capture-lat', p.coords.latitude)
        set('data-capture-lng', p.coords.longitude)
      }
    },
    () => {},
    { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
  )
}
