// The vendor's photos on the finalize step (issue 29), made small on the phone before they are sent:
// the spec's image rule (at most 1920×1920, JPEG from quality 0.85 down by 0.1 until at most 2 MB),
// a preview of each with a remove button. The chosen photos replace the file input's own files, so
// the form posts them as it would without JavaScript, and the server re-encodes them either way.
// Sent inline beside the page enhancer (decision 082); listeners sit on the document, so a page the
// enhancer swaps in is served by them too. Bundled from app/enhancers/photos.ts (decision 123).

export function enhancePhotos() {
  const w = window as unknown as { stockrunPhotos?: boolean }
  if (w.stockrunPhotos) return
  w.stockrunPhotos = true
  const MAX_SIDE = 1920
  const MAX_BYTES = 2 * 1024 * 1024
  const chosen = new WeakMap<HTMLInputElement, File[]>()

  const load = (file: File) =>
    new Promise<HTMLImageElement>((resolve, reject) => {
      const img = new Image()
      img.onload = () => resolve(img)
      img.onerror = () => reject(new Error('Failed to load image'))
      img.src = URL.createObjectURL(file)
    })

  async function shrink(file: File): Promise<File> {
    const img = await load(file)
    const scale = Math.min(1, MAX_SIDE / Math.max(img.naturalWidth, img.naturalHeight))
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.round(img.naturalWidth * scale))
    canvas.height = Math.max(1, Math.round(img.naturalHeight * scale))
    const ctx = canvas.getContext('2d')
    if (!ctx) throw new Error('Failed to get canvas context')
    ctx.fillStyle = '#fff'
    ctx.fillRect(0, 0, canvas.width, canvas.height)
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height)
    URL.revokeObjectURL(img.src)
    for (let quality = 0.85; ; quality -= 0.1) {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', Math.max(quality, 0.1)))
      if (!blob) throw new Error('Failed to compress image')
      if (blob.size <= MAX_BYTES || quality <= 0.15) return new File([blob], file.name.replace(/\.\w+$/, '') + '.jpg', { type: 'image/jpeg' })
    }
  }

  function show(input: HTMLInputElement) {
    const files = chosen.get(input) ?? []
    const transfer = new DataTransfer()
    files.forEach((f) => transfer.items.add(f))
    input.files = transfer.files
    const list = input.parentElement?.querySelector<HTMLElement>('[data-photo-previews]')
    if (!list) return
    list.replaceChildren(
      ...files.map((file, i) => {
        const item = document.createElement('li')
        item.className = 'flex items-center gap-2'
        const img = document.createElement('img')
        img.src = URL.createObjectURL(file)
        img.alt = (input.dataset.photoLabel ?? 'Photo {{n}}').replace('{{n}}', String(i + 1))
        img.className = 'h-16 w-16 rounded object-cover'
        const remove = document.createElement('button')
        remove.type = 'button'
        remove.className = 'rounded-md border border-slate-300 px-3 py-2 text-sm'
        remove.textContent = (input.dataset.removeLabel ?? 'Remove photo {{n}}').replace('{{n}}', String(i + 1))
        remove.addEventListener('click', () => {
          chosen.set(input, files.filter((_, j) => j !== i))
          show(input)
          input.focus()
        })
        item.append(img, remove)
        return item
      }),
    )
  }

  document.addEventListener('change', (e) => {
    const input = e.target as HTMLInputElement
    if (!input.matches?.('input[data-photo-input]')) return
    const before = chosen.get(input) ?? []
    const kept = input.form?.querySelectorAll('input[name=keptPhoto]:checked').length ?? 0
    const room = Math.max(0, Number(input.dataset.max ?? 3) - kept - before.length)
    const picked = Array.from(input.files ?? []).filter((f) => !before.includes(f))
    void Promise.all(picked.slice(0, room).map((f) => shrink(f).catch(() => f))).then((made) => {
      // A file the browser cannot draw is sent as it is: the server says what is wrong with it.
      chosen.set(input, [...before, ...made])
      show(input)
    })
  })
}
