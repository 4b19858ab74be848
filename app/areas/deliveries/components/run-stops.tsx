// A run as the runner sees it (issue 30): numbered stops in the planned order, the next one first,
// each with its distance, and one "Navigate" link that opens the phone's maps app with the remaining
// stops as waypoints. Plain HTML: the portal and the delivery page work without JavaScript.
import { Navigation } from 'lucide-react'
import { distanceWords } from '~/areas/deliveries/distance-words'
import { buttonClasses } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { cn } from '~/ui/cn'

export type RunStopLine = {
  order: number
  propertyName: string
  address: string | null
  orderNumbers: string[]
  distanceKm: number | null
  done: boolean
  /** This page's own stop (the delivery page). */
  here?: boolean
}

export function RunStops({ title, stops, navigateUrl, totalKm, hint }: { title: string; stops: RunStopLine[]; navigateUrl: string | null; totalKm: number | null; hint?: string }) {
  // The next stop first: what is left in the planned order, then what is done.
  const shown = [...stops.filter((s) => !s.done), ...stops.filter((s) => s.done)]
  const left = stops.filter((s) => !s.done).length
  return (
    <Card aria-labelledby="run-heading">
      <CardHeader
        title={<span id="run-heading">{title}</span>}
        description={`${stops.length} ${stops.length === 1 ? 'stop' : 'stops'} · ${distanceWords(totalKm)} · ${left === 0 ? 'all done' : `${left} to go`}`}
      />
      <CardBody className="space-y-3">
        <ol className="space-y-2" aria-label="Stops in order">
          {shown.map((stop) => (
            <li
              key={stop.order}
              data-testid="run-stop"
              aria-current={stop.here ? 'location' : undefined}
              className={cn('flex items-start gap-3 rounded-md border p-2 text-sm', stop.here ? 'border-brand-500 bg-brand-50' : 'border-slate-200', stop.done && 'opacity-70')}
            >
              <span
                className={cn('grid h-7 w-7 shrink-0 place-items-center rounded-full text-sm font-semibold', stop.done ? 'bg-green-600 text-white' : 'bg-brand-600 text-white')}
                aria-hidden="true"
              >
                {stop.order}
              </span>
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">
                  {`Stop ${stop.order}: ${stop.propertyName}`}
                  {stop.done ? ' (done)' : ''}
                  {stop.here ? ' (this delivery)' : ''}
                </span>
                {stop.address ? <span className="block text-slate-600">{stop.address}</span> : null}
                <span className="block text-slate-600">{`${stop.orderNumbers.join(', ')} · ${distanceWords(stop.distanceKm)}`}</span>
              </span>
            </li>
          ))}
        </ol>
        {navigateUrl ? (
          <a href={navigateUrl} target="_blank" rel="noreferrer" className={buttonClasses('primary', 'md', 'h-11 w-full')}>
            <Navigation className="h-4 w-4" aria-hidden="true" />
            Navigate
          </a>
        ) : hint ? (
          <p className="text-sm text-slate-600">{hint}</p>
        ) : null}
      </CardBody>
    </Card>
  )
}
