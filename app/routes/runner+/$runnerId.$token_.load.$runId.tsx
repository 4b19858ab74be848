// "Load the van" (issue 37, decision 136): the runner's checklist of a run's pick list, at the depot's
// shelves on a phone. No JavaScript needed: the token in the URL names the runner, ticking lines and
// pressing a button is a plain form post answered with a redirect back here and a toast; the loads
// are written as pick movements, and the run is stamped loaded once every line is in the van.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { DeliveryAccessDenied } from '~/areas/deliveries/components/delivery-access-denied'
import { DomainError, Unauthorized } from '~/lib/errors'
import { parseWith } from '~/lib/http.server'
import { formatDateTime } from '~/lib/format'
import { redirectWithToast } from '~/lib/toast.server'
import { authenticateRunner } from '~/areas/deliveries/runner.server'
import { loadTheVan, LoadInput, pickListFor } from '~/areas/deliveries/pick-list.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { Button } from '~/ui/button'
import { Card, CardBody } from '~/ui/card'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['runner-token'], methods: ['GET', 'HEAD', 'POST'], intents: ['load'] }

export const meta: MetaFunction = () => [{ title: 'Load the van · Stockrun' }, { name: 'robots', content: 'noindex' }]

/** One HTML answer, no React in the browser (decision 040): a form and its posts are all it needs. */
export const handle = { hydrate: false }

// The URL holds a secret: never cached, never sent on as a referrer.
const PRIVATE = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' }

export async function loader({ params }: LoaderFunctionArgs) {
  try {
    const runner = await authenticateRunner(params.runnerId!, params.token)
    const [list, timeZone] = await Promise.all([pickListFor(runner.organisationId, params.runId!, { runnerId: runner.id }), organisationTimeZone(runner.organisationId)])
    return json(
      {
        ok: true as const,
        portal: `/runner/${runner.id}/${encodeURIComponent(params.token!)}`,
        runner: { name: runner.name },
        lines: list.lines,
        shortages: list.shortages,
        loadedAt: list.pickedAt ? formatDateTime(list.pickedAt, timeZone) : null,
      },
      { headers: PRIVATE },
    )
  } catch (err) {
    if (err instanceof Unauthorized) return json({ ok: false as const, error: err.message }, { status: 401, headers: PRIVATE })
    if (err instanceof DomainError && err.status === 404) return json({ ok: false as const, error: 'This run is not yours, or it is gone.' }, { status: 404, headers: PRIVATE })
    throw err
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const here = new URL(request.url).pathname
  try {
    const runner = await authenticateRunner(params.runnerId!, params.token)
    const form = await request.formData()
    if (form.get('intent') !== 'load') return redirectWithToast(here, { title: 'Not Recorded', description: 'Unknown action.', variant: 'error' })
    // "All loaded" ticks every line still to load.
    const asked = form.get('all')
      ? (await pickListFor(runner.organisationId, params.runId!, { runnerId: runner.id })).lines.filter((l) => l.picked < l.quantity).map((l) => l.productId)
      : form.getAll('productIds')
    const { productIds } = parseWith(LoadInput, { productIds: asked })
    const { loaded, done } = await loadTheVan(runner.organisationId, runner, params.runId!, productIds)
    return redirectWithToast(here, {
      title: done ? 'Van Loaded' : 'Loading Recorded',
      description: `${loaded} ${loaded === 1 ? 'item' : 'items'} loaded.${done ? ' Everything on the pick list is in the van.' : ''}`,
    })
  } catch (err) {
    if (err instanceof DomainError && err.status < 500) return redirectWithToast(here, { title: 'Not Recorded', description: err.message, variant: 'error' })
    throw err
  }
}

export default function LoadTheVan() {
  const data = useLoaderData<typeof loader>()
  if (!data.ok) return <DeliveryAccessDenied message={data.error} />
  const toLoad = data.lines.filter((l) => l.picked < l.quantity)
  const short = new Map(data.shortages.map((s) => [s.productId, s]))
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-xl px-4 py-4">
          <Link to={data.portal} className="text-sm font-medium text-brand-700 underline">
            Back to my deliveries
          </Link>
          <h1 className="mt-1 text-xl font-semibold text-slate-900">Load the van</h1>
          <p className="text-sm text-slate-600">Tick each line as it goes into the van, in shelf order.</p>
        </div>
      </header>
      {/* Room below: without JavaScript a toast stays over the bottom of the screen. */}
      <main className="mx-auto max-w-xl space-y-4 px-4 pb-40 pt-4">
        {data.loadedAt ? (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
            Van loaded {data.loadedAt}.
          </p>
        ) : null}
        {data.shortages.length ? (
          <section aria-labelledby="short-heading" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <h2 id="short-heading" className="font-semibold">
              Short on the shelf
            </h2>
            <ul className="mt-1 list-disc pl-5">
              {data.shortages.map((s) => (
                <li key={s.productId}>{`${s.name}: ${s.needed} to load, ${s.available} on the shelf`}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <Card>
          <CardBody>
            {data.lines.length === 0 ? (
              <p className="text-sm text-slate-600">Nothing to load: no catalogue products are held for this run.</p>
            ) : (
              <Form method="post" className="space-y-4">
                <input type="hidden" name="intent" value="load" />
                <fieldset>
                  <legend className="text-base font-semibold text-slate-900">{`Pick list (${data.lines.length})`}</legend>
                  <ul className="mt-2 divide-y divide-slate-200">
                    {data.lines.map((line) => {
                      const loaded = line.picked >= line.quantity
                      const id = `line-${line.productId}`
                      return (
                        <li key={line.productId} className="py-3">
                          <label htmlFor={id} className="flex items-start gap-3">
                            <input
                              id={id}
                              type="checkbox"
                              name="productIds"
                              value={line.productId}
                              defaultChecked={loaded}
                              disabled={loaded}
                              className="mt-1 h-6 w-6 shrink-0 rounded border-slate-400"
                            />
                            <span className="min-w-0">
                              <span className="block font-medium text-slate-900">
                                {`${line.quantity} × ${line.name}`}
                              </span>
                              <span className="block text-sm text-slate-700">
                                {`${line.bin ? `Bin ${line.bin}` : 'No bin'} · ${line.stops.length === 1 ? 'Stop' : 'Stops'} ${line.stops.join(', ')}${loaded ? ' · Loaded' : ''}`}
                              </span>
                              {short.has(line.productId) ? <span className="block text-sm font-medium text-amber-800">Short on the shelf</span> : null}
                            </span>
                          </label>
                        </li>
                      )
                    })}
                  </ul>
                </fieldset>
                {toLoad.length ? (
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit">Record ticked lines</Button>
                    <Button type="submit" name="all" value="1" variant="secondary">
                      All loaded
                    </Button>
                  </div>
                ) : null}
              </Form>
            )}
          </CardBody>
        </Card>
      </main>
    </div>
  )
}
