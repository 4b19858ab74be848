// A picture field. Underneath it is a real <input type="file">, so a multipart form posts the photo
// without JavaScript. With JavaScript the chosen photo is shrunk in the browser first (compressImage)
// and put back into the input, and a preview shows what will be sent.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { compressImage } from '~/lib/compress-image.client'
import { FieldErrors } from './field'

const FILE_INPUT =
  'block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50'

export function ImageInput({
  name,
  label,
  currentUrl,
  errors,
  hint,
  onBusyChange,
}: {
  name: string
  label: ReactNode
  /** The picture already saved, shown until another is chosen. */
  currentUrl?: string | null
  errors?: string[] | null
  hint?: ReactNode
  /** Told while a chosen photo is being shrunk, so a form can hold its submit until it is ready. */
  onBusyChange?: (busy: boolean) => void
}) {
  const id = useId()
  const [preview, setPreview] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Only the latest choice may fill the input, should a slow compression finish after a newer pick.
  const choice = useRef(0)

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange])

  async function onChange(input: HTMLInputElement) {
    const file = input.files?.[0]
    const mine = ++choice.current
    setProblem(null)
    setPreview(null)
    if (!file) return
    if (!file.type.startsWith('image/')) {
      input.value = ''
      setProblem('Invalid File')
      return
    }
    setBusy(true)
    try {
      const smaller = await compressImage(file, { quality: 0.85 })
      if (mine !== choice.current) return
      const transfer = new DataTransfer()
      transfer.items.add(smaller)
      input.files = transfer.files
      setPreview(URL.createObjectURL(smaller))
    } catch {
      // This browser cannot draw it (HEIC on a desktop, say): the original goes up and the server decides.
    } finally {
      if (mine === choice.current) setBusy(false)
    }
  }

  const shown = preview ?? currentUrl ?? null
  const allErrors = [...(problem ? [problem] : []), ...(errors ?? [])]
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-3">
        {shown ? (
          <img
            src={shown}
            alt={preview ? 'Preview of the chosen image' : 'Current image'}
            className="h-16 w-16 shrink-0 rounded-md border border-slate-200 object-cover"
          />
        ) : null}
        <input
          id={id}
          name={name}
          type="file"
          accept="image/*"
          className={FILE_INPUT}
          aria-invalid={allErrors.length ? true : undefined}
          aria-describedby={[allErrors.length ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined}
          onChange={(e) => void onChange(e.currentTarget)}
        />
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <p aria-live="polite" className="mt-1 text-xs text-slate-500">
        {busy ? 'Preparing image...' : ''}
      </p>
      <FieldErrors id={errorId} errors={allErrors} />
    </div>
  )
}
