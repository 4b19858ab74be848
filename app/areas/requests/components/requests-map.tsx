/// <reference types="google.maps" />
// Requests on a map (spec §2.5). Positions come from the server, which geocodes each property once.
// With a maps key the Google map shows a 32 px marker per request; without one (or when the script
// fails) a grid of numbered markers stands in, and a refused key shows the 'Error: AuthFailure' panel.
// Selecting is a link (?selected=<id>), so it works the same from the list, a marker or without JS.
import { Link, useNavigate } from '@remix-run/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { loadMaps, onMapsAuthFailure, type MapsLibraries } from '~/lib/google-maps.client'
import { isRequestStatus, markerTitle, requestSummary, requestTitle } from './request-summary'
import { cn } from '~/ui/cn'
import { Spinner } from '~/ui/spinner'

export const DEFAULT_CENTRE = { lat: 40.758, lng: -73.9855 }
export const DEFAULT_ZOOM = 13
export const SELECTED_ZOOM = 16
const ICON_PX = 32

export type MapRequest = {
  id: string
  orderNumber: string
  status: string
  vendorName: string
  notes: string | null
  propertyId: string | null
  requestedProducts: ReadonlyArray<{ name: string }>
  property: { name: string } | null
}

export type MapLocation = { lat: number; lng: number; geocoded: boolean }
/** A runner who shared their position in the last 10 minutes (issue 30). */
export type MapRunner = { runnerId: string; name: string; latitude: number; longitude: number; recordedAt: string }
const RUNNER_COLOUR = '#7c3aed'

/** Spec §2.5: pending green; assigned and in_progress blue; completed grey; anything else green. */
export function markerColour(status: string) {
  if (status === 'in_progress' || status === 'assigned') return '#2563eb'
  if (status === 'completed') return '#64748b'
  return '#16a34a'
}

const LEGEND = [
  { label: 'Pending', colour: markerColour('pending') },
  { label: 'Assigned / In Progress', colour: markerColour('in_progress') },
  { label: 'Completed', colour: markerColour('completed') },
]

function markerIcon(colour: string, selected: boolean) {
  const ring = selected ? '<circle cx="16" cy="16" r="15" fill="none" stroke="#0f172a" stroke-width="2"/>' : ''
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="11" fill="${colour}" stroke="white" stroke-width="3"/>${ring}</svg>`
  return `data:image/svg+xml;charset=UTF-8,${encodeURIComponent(svg)}`
}

/** Centre on the average of the geocoded positions; the default centre when none is geocoded. */
export function mapCentre(points: MapLocation[]) {
  const real = points.filter((p) => p.geocoded)
  if (real.length === 0) return DEFAULT_CENTRE
  return {
    lat: real.reduce((sum, p) => sum + p.lat, 0) / real.length,
    lng: real.reduce((sum, p) => sum + p.lng, 0) / real.length,
  }
}

type MapState = 'loading' | 'loaded' | 'failed' | 'auth-failure'

export function RequestsMap({
  requests,
  locations,
  mapsKey,
  selectedId,
  selectHref,
  className,
  runners = [],
}: {
  requests: MapRequest[]
  runners?: MapRunner[]
  locations: Record<string, MapLocation>
  mapsKey: string | null
  selectedId: string | null
  selectHref: (id: string) => string
  className?: string
}) {
  const [state, setState] = useState<MapState>(mapsKey ? 'loading' : 'failed')
  const [libs, setLibs] = useState<MapsLibraries | null>(null)

  useEffect(() => {
    if (!mapsKey) return
    let live = true
    const stop = onMapsAuthFailure(() => live && setState('auth-failure'))
    loadMaps(mapsKey).then(
      (loaded) => {
        if (!live) return
        setLibs(loaded)
        setState((s) => (s === 'auth-failure' ? s : 'loaded'))
      },
      (err) => {
        console.error('The maps script could not load:', err)
        if (live) setState((s) => (s === 'auth-failure' ? s : 'failed'))
      },
    )
    return () => {
      live = false
      stop()
    }
  }, [mapsKey])

  const placed = useMemo(
    () => requests.flatMap((r) => (r.propertyId && locations[r.propertyId] ? [{ request: r, at: locations[r.propertyId]! }] : [])),
    [requests, locations],
  )
  const selected = requests.find((r) => r.id === selectedId) ?? null

  // On a phone the map sits below the list: bring it into view when a card is picked.
  const root = useRef<HTMLDivElement>(null)
  const shownSelection = useRef(selectedId)
  useEffect(() => {
    if (!selectedId || selectedId === shownSelection.current) return
    shownSelection.current = selectedId
    if (window.matchMedia('(max-width: 1023px)').matches) root.current?.scrollIntoView({ behavior: 'smooth', block: 'center' })
  }, [selectedId])

  return (
    <div ref={root} className={cn('relative overflow-hidden rounded-lg border border-slate-200 bg-slate-50', className)} data-testid="requests-map" data-map-state={state}>
      {state === 'auth-failure' ? (
        <div role="alert" className="flex h-full flex-col items-center justify-center p-6 text-center">
          <h2 className="text-base font-semibold text-red-700">Error: AuthFailure</h2>
          <p className="mt-1 max-w-sm text-sm text-slate-700">
            There is a problem with the Google Maps API key: it was refused. Check that the key is valid and allowed for this site.
          </p>
        </div>
      ) : mapsKey && state !== 'failed' ? (
        <GoogleMap libs={libs} placed={placed} selectedId={selectedId} selectHref={selectHref} runners={runners} />
      ) : (
        <FallbackGrid requests={requests} selectedId={selectedId} selectHref={selectHref} keyMissing={!mapsKey} runners={runners} />
      )}
      {state === 'loading' ? (
        <div className="absolute inset-0 flex items-center justify-center bg-slate-50/80">
          <Spinner label="Loading map" />
          <span className="ml-2 text-sm text-slate-600">Loading map...</span>
        </div>
      ) : null}
      {state !== 'auth-failure' ? <Legend /> : null}
      {selected && state !== 'auth-failure' ? <SelectedRequest request={selected} /> : null}
    </div>
  )
}

function Legend() {
  return (
    <details className="absolute right-2 top-2 z-10 rounded-md border border-slate-200 bg-white text-sm shadow-sm">
      <summary className="cursor-pointer select-none px-3 py-1.5 font-medium text-slate-800">Map Legend</summary>
      <ul className="space-y-1 px-3 pb-2">
        {LEGEND.map((entry) => (
          <li key={entry.label} className="flex items-center gap-2 text-slate-700">
            <span className="inline-block h-3 w-3 rounded-full" style={{ backgroundColor: entry.colour }} aria-hidden="true" />
            {entry.label}
          </li>
        ))}
      </ul>
    </details>
  )
}

function SelectedRequest({ request }: { request: MapRequest }) {
  return (
    <section
      aria-label="Selected Request"
      data-testid="selected-request"
      className="absolute bottom-2 left-2 z-10 w-64 max-w-[calc(100%-1rem)] rounded-md border border-slate-200 bg-white p-3 text-sm shadow-md"
    >
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Selected Request</h2>
      <p className="mt-1 font-mono text-xs text-slate-600">{request.orderNumber}</p>
      <p className="font-medium text-slate-900">{requestTitle(request)}</p>
      <p className="text-slate-600">{requestSummary(request)}</p>
      <p className="mt-1 text-slate-700">
        <span className="font-medium">Property:</span> {request.property?.name ?? 'Unknown'}
      </p>
      <p className="text-slate-700">
        <span className="font-medium">Vendor:</span> {request.vendorName}
      </p>
    </section>
  )
}

type Placed = { request: MapRequest; at: MapLocation }

function FallbackGrid({
  requests,
  selectedId,
  selectHref,
  keyMissing,
  runners,
}: {
  requests: MapRequest[]
  selectedId: string | null
  selectHref: (id: string) => string
  keyMissing: boolean
  runners: MapRunner[]
}) {
  return (
    <div className="flex h-full flex-col bg-[linear-gradient(#e2e8f0_1px,transparent_1px),linear-gradient(90deg,#e2e8f0_1px,transparent_1px)] bg-[size:32px_32px] p-4 pt-12">
      <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="map-fallback-message">
        {keyMissing
          ? 'The maps integration needs a Google Maps API key (GOOGLE_MAPS_API_KEY). Requests are shown on a grid instead.'
          : 'The map could not be loaded. Requests are shown on a grid instead.'}
      </p>
      {runners.length > 0 ? (
        <ol className="mb-3 flex flex-wrap gap-2" aria-label="Runners on the map">
          {runners.map((r) => (
            <li
              key={r.runnerId}
              data-testid="runner-marker"
              title={`${r.name} (shared ${new Date(r.recordedAt).toISOString().slice(11, 16)} UTC)`}
              className="flex items-center gap-1 rounded-full bg-white px-2 py-1 text-xs font-medium text-slate-900 shadow"
            >
              <span className="h-3 w-3 rounded-full" style={{ backgroundColor: RUNNER_COLOUR }} aria-hidden="true" />
              {`Runner ${r.name}`}
            </li>
          ))}
        </ol>
      ) : null}
      {requests.length === 0 ? (
        <p className="m-auto text-sm text-slate-500">No requests to show on the map</p>
      ) : (
        <ol className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] content-start gap-2 overflow-y-auto pb-28" aria-label="Requests on the map">
          {requests.map((r, i) => {
            const selected = r.id === selectedId
            return (
              <li key={r.id} className="flex justify-center">
                <Link
                  to={selectHref(r.id)}
                  replace
                  preventScrollReset
                  title={markerTitle(r)}
                  aria-label={`${i + 1}. ${r.orderNumber}: ${markerTitle(r)} at ${r.property?.name ?? 'Unknown'}`}
                  aria-current={selected ? 'true' : undefined}
                  data-testid="map-marker"
                  data-status={isRequestStatus(r.status) ? r.status : 'other'}
                  className={cn(
                    'grid h-8 w-8 place-items-center rounded-full border-2 border-white text-xs font-semibold text-white shadow',
                    selected && 'ring-2 ring-slate-900 ring-offset-1',
                  )}
                  style={{ backgroundColor: markerColour(r.status) }}
                >
                  {i + 1}
                </Link>
              </li>
            )
          })}
        </ol>
      )}
    </div>
  )
}

function GoogleMap({
  libs,
  placed,
  selectedId,
  selectHref,
  runners,
}: {
  libs: MapsLibraries | null
  placed: Placed[]
  selectedId: string | null
  selectHref: (id: string) => string
  runners: MapRunner[]
}) {
  const container = useRef<HTMLDivElement>(null)
  const [map, setMap] = useState<google.maps.Map | null>(null)
  const navigate = useNavigate()
  const href = useRef(selectHref)
  href.current = selectHref

  useEffect(() => {
    if (!libs || !container.current || map) return
    setMap(new libs.maps.Map(container.current, { center: DEFAULT_CENTRE, zoom: DEFAULT_ZOOM, mapTypeControl: false, streetViewControl: false }))
  }, [libs, map])

  // Polling hands over new arrays every few seconds; markers are redrawn, and the map re-centred,
  // only when what they show changed, so a manager's panning is not undone.
  const latest = useRef(placed)
  latest.current = placed
  const signature = placed.map((p) => `${p.request.id}:${p.request.status}:${p.at.lat}:${p.at.lng}`).join('|')

  useEffect(() => {
    if (!libs || !map) return
    const shown = latest.current
    const markers = shown.map(({ request, at }) => {
      const marker = new libs.marker.Marker({
        map,
        position: { lat: at.lat, lng: at.lng },
        title: markerTitle(request),
        icon: {
          url: markerIcon(markerColour(request.status), request.id === selectedId),
          scaledSize: new google.maps.Size(ICON_PX, ICON_PX),
          anchor: new google.maps.Point(ICON_PX / 2, ICON_PX / 2),
        },
      })
      marker.addListener('click', () => navigate(href.current(request.id), { replace: true, preventScrollReset: true }))
      return marker
    })
    return () => markers.forEach((m) => m.setMap(null))
  }, [libs, map, signature, selectedId, navigate])

  const runnerSignature = runners.map((r) => `${r.runnerId}:${r.latitude}:${r.longitude}`).join('|')
  const latestRunners = useRef(runners)
  latestRunners.current = runners
  useEffect(() => {
    if (!libs || !map) return
    const markers = latestRunners.current.map(
      (r) =>
        new libs.marker.Marker({
          map,
          position: { lat: r.latitude, lng: r.longitude },
          title: `Runner ${r.name}`,
          icon: { url: markerIcon(RUNNER_COLOUR, false), scaledSize: new google.maps.Size(ICON_PX, ICON_PX), anchor: new google.maps.Point(ICON_PX / 2, ICON_PX / 2) },
        }),
    )
    return () => markers.forEach((m) => m.setMap(null))
  }, [libs, map, runnerSignature])

  useEffect(() => {
    if (!map) return
    const shown = latest.current
    const chosen = shown.find((p) => p.request.id === selectedId)
    try {
      if (chosen) {
        map.panTo({ lat: chosen.at.lat, lng: chosen.at.lng })
        map.setZoom(SELECTED_ZOOM)
      } else {
        map.setCenter(mapCentre(shown.map((p) => p.at)))
      }
    } catch (err) {
      console.error('Zooming the map failed:', err)
    }
  }, [map, signature, selectedId])

  return <div ref={container} className="h-full w-full" aria-label="Map of requests" role="region" />
}
