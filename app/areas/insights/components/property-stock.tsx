// A property's par levels and what it will likely run out of this week (issue 15). Every control is a
// plain form post (one per product), so it works without JavaScript; one click turns a suggestion
// into a request.
import { Form, useNavigation } from '@remix-run/react'
import { Button } from '~/ui/button'
import { narrowInputClasses } from '~/ui/field'
import { formatDate } from '~/lib/format'

export type StockLine = { id: string; name: string; parLevel: number | null }
export type Suggestion = {
  productId: string
  productName: string
  parLevel: number | null
  averageDailyUse: number
  lastDeliveredAt: string | null
  suggestedQuantity: number
  reason: 'no_history' | 'runs_out_this_week'
}

function reasonText(s: Suggestion, timeZone: string) {
  if (s.reason === 'no_history') return `No deliveries in 90 days; par level ${s.parLevel}.`
  const last = s.lastDeliveredAt ? ` Last delivered ${formatDate(s.lastDeliveredAt, timeZone)}.` : ''
  return `Uses about ${s.averageDailyUse} a day: likely to run out this week.${last}`
}

export function ReorderSuggestions({ propertyId, suggestions, timeZone }: { propertyId: string; suggestions: Suggestion[]; timeZone: string }) {
  const navigation = useNavigation()
  const busy = (productId: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === 'reorder' && navigation.formData.get('productId') === productId
  return (
    <section aria-labelledby="reorder-suggestions" className="mt-6">
      <h4 id="reorder-suggestions" className="text-sm font-medium text-slate-800">{`Reorder suggestions (${suggestions.length})`}</h4>
      {suggestions.length === 0 ? (
        <p className="mt-2 rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">Nothing is likely to run out this week.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-amber-200 bg-amber-50">
          {suggestions.map((s) => (
            <li key={s.productId} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{s.productName}</p>
                <p className="text-slate-700">{reasonText(s, timeZone)}</p>
              </div>
              <Form method="post" action={`?edit=${propertyId}`} preventScrollReset>
                <input type="hidden" name="intent" value="reorder" />
                <input type="hidden" name="id" value={propertyId} />
                <input type="hidden" name="productId" value={s.productId} />
                <input type="hidden" name="quantity" value={Math.min(99, s.suggestedQuantity)} />
                <Button type="submit" size="sm" pending={busy(s.productId)} pendingLabel="Requesting...">
                  {`Request ${Math.min(99, s.suggestedQuantity)}`}
                  <span className="sr-only">{` of ${s.productName}`}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function ParLevels({ propertyId, lines }: { propertyId: string; lines: StockLine[] }) {
  if (lines.length === 0) return null
  return (
    <section aria-labelledby="par-levels" className="mt-6">
      <h4 id="par-levels" className="text-sm font-medium text-slate-800">Par levels</h4>
      <p className="text-sm text-slate-600">What each shelf should hold; reorder suggestions fill up to it. Leave empty for none.</p>
      <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
        {lines.map((line) => (
          <li key={line.id} className="px-3 py-2">
            <Form method="post" action={`?edit=${propertyId}`} preventScrollReset className="flex flex-wrap items-center gap-3 text-sm">
              <input type="hidden" name="intent" value="par-level" />
              <input type="hidden" name="id" value={propertyId} />
              <input type="hidden" name="productId" value={line.id} />
              {/* basis-40: on a phone the input and Save wrap below the name rather than squeeze it. */}
              <label htmlFor={`par-${line.id}`} className="min-w-0 flex-1 basis-40 text-slate-800">
                <span className="sr-only">Par level for </span>
                {line.name}
              </label>
              <input
                id={`par-${line.id}`}
                name="parLevel"
                type="number"
                inputMode="numeric"
                min={0}
                max={100000}
                step={1}
                defaultValue={line.parLevel ?? ''}
                className={narrowInputClasses('w-24')}
              />
              <Button type="submit" size="sm" variant="secondary">
                Save<span className="sr-only">{` par level for ${line.name}`}</span>
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  )
}
