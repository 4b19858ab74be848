// The property address: a plain text input that posts with the form, enhanced (when a maps key is
// configured and the script loads) with Places suggestions and a small map preview (spec §2.7).
// Any maps failure leaves the plain input, without errors: the address is what matters.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { geocodeAddress, loadMaps, onMapsAuthFailure, type GeocodeResult, type MapsLibraries } from '~/lib/google-maps.client'
import { FieldErrors, inputClasses } from './field'
import { Spinner } from './spinner'

const GEOCODE_DEBOUNCE_MS = 500
const PREVIEW_ZOOM = 16

export function AddressInput({
  name,
  label,
  defaultValue,
  errors,
  mapsKey,
}: {
  name: string
  label: string
  defaultValue?: string
  errors?: string[]
  mapsKey: string | null
}) {
  const id = useId()
  const errorId = `${id}-error`
  const input = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState(defaultValue ?? '')
  const libs = useMaps(mapsKey)

  useEffect(() => {
    const node = input.current
    if (!libs || !node) return
    try {
      const autocomplete = new libs.places.Autocomplete(node, { fields: ['formatted_address'], types: ['address'] })
      const listener = autocomplete.addListener('place_changed', () => {
        const picked = autocomplete.getPlace().formatted_address
        if (picked) {
          node.value = picked
          setValue(picked)
        }
      })
      return () => listener.remove()
    } catch (err) {
      console.error('Address suggestions are unavailable', err)
    }
  }, [libs])

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        name={name}
        defaultValue={defaultValue}
        autoComplete="street-address"
        className={inputClasses}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          // Enter picks a suggestion; it must not also submit the property form.
          if (e.key === 'Enter' && libs && document.querySelector('.pac-container .pac-item')?.closest('.pac-container:not([style*="display: none"])')) {
            e.preventDefault()
          }
        }}
      />
      <FieldErrors id={errorId} errors={errors} />
      {libs ? <MapPreview libs={libs} address={value} /> : null}
    </div>
  )
}

/** The loaded libraries, or null: no key, still loading, failed, or the key refused. */
function useMaps(key: string | null) {
  const [libs, setLibs] = useState<MapsLibraries | null>(null)
  useEffect(() => {
    if (!key) return
    let live = true
    loadMaps(key).then(
      (loaded) => live && setLibs(loaded),
      () => live && setLibs(null),
    )
    const unsubscribe = onMapsAuthFailure(() => live && setLibs(null))
    return () => {
      live = false
      unsubscribe()
    }
  }, [key])
  return libs
}

function useDebounced<T>(value: T, ms: number) {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

function MapPreview({ libs, address }: { libs: MapsLibraries; address: string }) {
  const settled = useDebounced(address.trim(), GEOCODE_DEBOUNCE_MS)
  const [result, setResult] = useState<(GeocodeResult & { address: string }) | null>(null)
  const canvas = useRef<HTMLDivElement>(null)
  const map = useRef<{ map: google.maps.Map; marker: google.maps.Marker } | null>(null)

  useEffect(() => {
    if (!settled) return
    let live = true
    geocodeAddress(libs, settled).then((r) => live && setResult({ ...r, address: settled }))
    return () => {
      live = false
    }
  }, [libs, settled])

  const current = result && result.address === settled ? result : null
  const loading = Boolean(address.trim()) && !current

  useEffect(() => {
    if (!current?.ok || !canvas.current) return
    const position = { lat: current.lat, lng: current.lng }
    if (!map.current) {
      const created = new libs.maps.Map(canvas.current, { center: position, zoom: PREVIEW_ZOOM, disableDefaultUI: true, gestureHandling: 'cooperative' })
      map.current = { map: created, marker: new libs.marker.Marker({ map: created, position }) }
    } else {
      map.current.map.setCenter(position)
      map.current.marker.setPosition(position)
    }
  }, [current, libs])

  return (
    <div className="relative mt-2 h-48 overflow-hidden rounded-md border border-slate-200 bg-slate-50" aria-live="polite">
      <div ref={canvas} className="absolute inset-0" aria-label={current?.ok ? `Map of ${current.address}` : undefined} role={current?.ok ? 'img' : undefined} hidden={!current?.ok || !address.trim()} />
      {!address.trim() ? (
        <PreviewNote>Enter an address to see map preview</PreviewNote>
      ) : loading ? (
        <PreviewNote>
          <Spinner label="Finding location" /> Finding location...
        </PreviewNote>
      ) : current && !current.ok ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 p-4 text-center">
          <p className="text-sm font-semibold text-red-700">Map Preview Error</p>
          <p className="text-sm text-slate-600">{current.message}</p>
        </div>
      ) : null}
    </div>
  )
}

function PreviewNote({ children }: { children: ReactNode }) {
  return <p className="absolute inset-0 flex items-center justify-center gap-2 p-4 text-center text-sm text-slate-500">{children}</p>
}
