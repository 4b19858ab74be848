// The run builder's runner choice (issue 34): "Suggest Runners" asks, for the ticked orders, which
// runners fit best and why; each suggestion's "Pick" fills the runner. Both buttons are GET
// submissions of the run form itself (formMethod="get"), so the ticked boxes travel in the address and
// it all works without JavaScript; with it, "Pick" fills the select in place.
import { useEffect, useState } from 'react'
import { Button } from '~/ui/button'
import { SelectField } from '~/ui/field'
import { ShortageNote, type ShortageLine } from './shortage-note'

export type RunChoiceSuggestion = { runnerId: string; name: string; reason: string }

export type RunChoice = {
  /** Suggestions were asked for (the address says so). */
  asked: boolean
  suggestions: RunChoiceSuggestion[]
  /** The runner picked from a suggestion (no JavaScript) or the best one. */
  selected: string | null
  /** Why there are no suggestions, when asked. */
  note: string | null
  ticked: number
  /** What the depot could not cover if the ticked orders were made a run now (issue 37). */
  shortages?: ShortageLine[]
  /** The organisation's depots, and the one the address chose: asked for only when there are several. */
  depots?: Array<{ id: string; name: string }>
  depotId?: string | null
}

export function RunRunnerChoice({ runners, choice }: { runners: Array<{ id: string; name: string }>; choice?: RunChoice }) {
  const initial = choice?.selected ?? ''
  const [runnerId, setRunnerId] = useState(initial)
  useEffect(() => setRunnerId(initial), [initial])
  const suggestions = choice?.suggestions ?? []
  return (
    <div className="space-y-3 border-t border-slate-100 pt-3">
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label="Runner for the ticked orders"
          name="runnerId"
          required
          value={runnerId}
          onChange={(e) => setRunnerId(e.target.value)}
          className="min-w-48"
        >
          <option value="" disabled>
            Select a runner
          </option>
          {runners.map((runner) => (
            <option key={runner.id} value={runner.id}>
              {runner.name}
            </option>
          ))}
        </SelectField>
        {choice?.depots && choice.depots.length > 1 ? (
          <SelectField label="Depot the van loads at" name="depotId" defaultValue={choice.depotId ?? choice.depots[0]!.id} className="min-w-40">
            {choice.depots.map((depot) => (
              <option key={depot.id} value={depot.id}>
                {depot.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <Button type="submit" variant="secondary" size="sm" name="suggest" value="1" formMethod="get" formNoValidate>
          Suggest Runners
        </Button>
        <Button type="submit" size="sm">
          Make Run
        </Button>
      </div>
      {choice?.asked ? (
        <section aria-labelledby="run-suggestions-heading" className="rounded-md bg-brand-50 p-3" data-testid="run-suggestions">
          <h3 id="run-suggestions-heading" className="text-sm font-semibold text-slate-900">
            {choice.ticked > 0 ? `Suggested for the ${choice.ticked} ticked ${choice.ticked === 1 ? 'order' : 'orders'}` : 'Suggested runners'}
          </h3>
          {suggestions.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">{choice.note ?? 'No active runners to suggest.'}</p>
          ) : (
            <ol className="mt-2 space-y-2">
              {suggestions.map((s, i) => (
                <li key={s.runnerId} className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="run-suggestion">
                  <span className="min-w-0">
                    <span className="font-medium text-slate-900">{`${i + 1}. ${s.name}`}</span>
                    <span className="block text-slate-700">{s.reason}</span>
                  </span>
                  <Button
                    type="submit"
                    variant={runnerId === s.runnerId ? 'primary' : 'secondary'}
                    size="sm"
                    name="pick"
                    value={s.runnerId}
                    formMethod="get"
                    formNoValidate
                    aria-pressed={runnerId === s.runnerId}
                    onClick={(e) => {
                      e.preventDefault()
                      setRunnerId(s.runnerId)
                    }}
                  >
                    {runnerId === s.runnerId ? 'Picked' : 'Pick'}
                    <span className="sr-only">{` ${s.name}`}</span>
                  </Button>
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
      {choice?.asked ? <ShortageNote id="run-shortages-heading" title="Short at the depot for these orders (the run can still be made)" shortages={choice.shortages ?? []} /> : null}
    </div>
  )
}
