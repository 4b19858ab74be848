// Dispatch's Runs card (issue 30): each open run's stops in order, with plain up and down buttons
// (forms, so reordering needs no JavaScript and no dragging). A finished stop has none.
import { Form } from '@remix-run/react'
import { ArrowDown, ArrowUp } from 'lucide-react'
import { distanceWords } from '~/areas/deliveries/distance-words'
import { useFocusAfterPost } from '~/lib/use-focus-after-post'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { ShortageNote, type ShortageLine } from './shortage-note'

export type RunCardStop = { order: number; propertyId: string; propertyName: string; orderNumbers: string[]; distanceKm: number | null; done: boolean }
export type RunCardRun = { id: string; runnerName: string; totalKm: number | null; stops: RunCardStop[]; shortages?: ShortageLine[]; loaded?: boolean }

export function RunsCard({ runs }: { runs: RunCardRun[] }) {
  const focusAfter = useFocusAfterPost()
  // The moved stop keeps focus: the same arrow if it can still move that way, else the other, else the stop.
  const keepFocusOn = (runId: string, propertyId: string, direction: 'up' | 'down') =>
    focusAfter(() => {
      const stop = document.getElementById(stopId(runId, propertyId))
      return (
        stop?.querySelector<HTMLButtonElement>(`button[data-direction="${direction}"]:not(:disabled)`) ??
        stop?.querySelector<HTMLButtonElement>('button[data-direction]:not(:disabled)') ??
        stop
      )
    })
  return (
    <Card aria-labelledby="runs-heading">
      <CardHeader title={<span id="runs-heading">Runs</span>} description={`${runs.length} under way`} />
      <CardBody>
        {runs.length === 0 ? (
          <p className="text-sm text-slate-600">No runs under way. Tick several pending orders and make a run for one runner.</p>
        ) : (
          <ul className="space-y-4">
            {runs.map((run) => (
              <li key={run.id} aria-label={`Run for ${run.runnerName}`} className="rounded-md border border-slate-200 p-3">
                <p className="text-sm font-medium text-slate-900">
                  {run.runnerName} · {run.stops.length} {run.stops.length === 1 ? 'stop' : 'stops'} · {distanceWords(run.totalKm)}
                  {run.loaded ? (
                    <Badge tone="green" className="ml-2">
                      Van loaded
                    </Badge>
                  ) : null}
                </p>
                {/* The pick list to print for the depot (issue 37); the runner has it as a checklist on their portal. */}
                <a href={`/api/dispatch/runs/${run.id}/pick-list/pdf`} className="text-sm font-medium text-brand-700 underline">
                  Pick list (PDF)<span className="sr-only">{` for ${run.runnerName}’s run`}</span>
                </a>
                <div className="mt-2">
                  <ShortageNote id={`run-${run.id}-short`} title="Short at the depot" shortages={run.shortages ?? []} />
                </div>
                <ol className="mt-2 space-y-1">
                  {run.stops.map((stop, i) => (
                    <li key={stop.propertyId} id={stopId(run.id, stop.propertyId)} tabIndex={-1} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                      <span className="min-w-0">
                        <span className="font-semibold">{`${stop.order}. `}</span>
                        {stop.propertyName}
                        <span className="text-slate-600">{` · ${stop.orderNumbers.join(', ')} · ${distanceWords(stop.distanceKm)}`}</span>
                        {stop.done ? (
                          <Badge tone="green" className="ml-2">
                            Done
                          </Badge>
                        ) : null}
                      </span>
                      {/* A finished stop keeps its place (issue 34): no buttons on it, none that would swap with it. */}
                      {stop.done ? null : (
                        <span className="flex gap-1">
                          <MoveButton runId={run.id} propertyId={stop.propertyId} direction="up" disabled={i === 0 || Boolean(run.stops[i - 1]?.done)} label={`Move ${stop.propertyName} earlier`} onMove={keepFocusOn} />
                          <MoveButton
                            runId={run.id}
                            propertyId={stop.propertyId}
                            direction="down"
                            disabled={i === run.stops.length - 1 || Boolean(run.stops[i + 1]?.done)}
                            label={`Move ${stop.propertyName} later`}
                            onMove={keepFocusOn}
                          />
                        </span>
                      )}
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  )
}

const stopId = (runId: string, propertyId: string) => `run-${runId}-stop-${propertyId}`

function MoveButton({
  runId,
  propertyId,
  direction,
  disabled,
  label,
  onMove,
}: {
  runId: string
  propertyId: string
  direction: 'up' | 'down'
  disabled: boolean
  label: string
  onMove: (runId: string, propertyId: string, direction: 'up' | 'down') => void
}) {
  const Icon = direction === 'up' ? ArrowUp : ArrowDown
  return (
    <Form method="post" preventScrollReset onSubmit={() => onMove(runId, propertyId, direction)}>
      <input type="hidden" name="intent" value="move-stop" />
      <input type="hidden" name="runId" value={runId} />
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="direction" value={direction} />
      <Button type="submit" variant="ghost" size="sm" disabled={disabled} aria-label={label} title={label} data-direction={direction}>
        <Icon className="h-4 w-4" aria-hidden="true" />
      </Button>
    </Form>
  )
}
