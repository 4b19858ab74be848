// The runner's portal (spec §2.17): their active deliveries and the last five completed. No account and
// no JavaScript needed: the token in the URL identifies them, and every action is a form post
// answered with a redirect back here and a toast.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { DeliveryAccessDenied } from '~/areas/deliveries/components/delivery-access-denied'
import { OfflineQueueStatus } from '~/areas/deliveries/components/offline-queue-status'
import { RunnerAssignmentCard } from '~/areas/deliveries/components/runner-assignment-card'
import { EmptyState } from '~/ui/empty-state'
import { Unauthorized } from '~/lib/errors'
import { actAtStop } from '~/areas/deliveries/stop-actions.server'
import { runnerAssignments } from '~/areas/deliveries/assignment.server'
import { statusChoices } from '~/areas/deliveries/delivery-progress.server'
import { handoverRules } from '~/areas/requests/handover.server'
import { authenticateRunner } from '~/areas/deliveries/runner.server'
import { POSITION_SHARING } from '~/lib/enhancer-scripts.server'
import { useNonce } from '~/lib/nonce'
import { runnerOpenRuns, runnerRunView } from '~/areas/deliveries/run-view.server'
import { RunStops } from '~/areas/deliveries/components/run-stops'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { assignmentStatusLabel } from '~/areas/deliveries/components/delivery-status-badge'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['runner-token'], methods: ['GET', 'HEAD', 'POST'], intents: ['start', 'status', 'proof'] }

export const meta: MetaFunction = () => [{ title: 'My Deliveries · Stockrun' }, { name: 'robots', content: 'noindex' }]

/** Painted from one HTML answer on a slow phone, enhanced without React (decision 040). */
export const handle = { hydrate: false }

// The URL holds a secret: never cached, never sent on as a referrer.
const PRIVATE = {
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
}

export async function loader({ params }: LoaderFunctionArgs) {
  try {
    const runner = await authenticateRunner(params.runnerId!, params.token)
    const [{ active: assigned, completed }, timeZone, openRuns] = await Promise.all([
      runnerAssignments(runner.id),
      organisationTimeZone(runner.organisationId),
      runnerOpenRuns(runner.organisationId, runner.id),
    ])
    const runs = openRuns.map((run) => runnerRunView(run))
    // A run's deliveries in its planned order, before any delivery outside a run.
    const place = new Map(runs.flatMap((run, r) => Object.entries(run.stopOf).map(([id, order]) => [id, r * 1000 + order] as const)))
    const active = [...assigned].sort((a, b) => (place.get(a.id) ?? Infinity) - (place.get(b.id) ?? Infinity))
    const rule = await handoverRules(runner.organisationId, active.map((a) => a.requestId))
    const handover = Object.fromEntries(active.map((a) => [a.id, rule(a.requestId)]))
    const stopLabels = Object.fromEntries(runs.flatMap((run) => Object.entries(run.stopOf).map(([id, order]) => [id, `Stop ${order} of ${run.stops.length}`] as const)))
    // Only the moves the rules allow from where each delivery stands (issue 34).
    const choices = Object.fromEntries(active.map((a) => [a.id, statusChoices(a.status)]))
    return json(
      { ok: true as const, runnerId: runner.id, runner: { name: runner.name }, active, completed, timeZone, handover, choices, runs: runs.map(({ stopOf: _s, ...run }) => run), stopLabels },
      { headers: PRIVATE },
    )
  } catch (err) {
    if (err instanceof Unauthorized) return json({ ok: false as const, error: err.message }, { status: 401, headers: PRIVATE })
    throw err
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actAtStop(request, {
    token: params.token,
    // The token names the runner; each card's form names its delivery, opened with the same token.
    admit: async () => {
      await authenticateRunner(params.runnerId!, params.token)
      return null
    },
    offers: ['start', 'status', 'deliver', 'nobody-there', 'proof'],
    statusSaid: (status) => `Delivery marked as ${assignmentStatusLabel(status)}.`,
  })
}

export default function RunnerPortal() {
  const data = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  const nonce = useNonce()
  if (!data.ok) return <DeliveryAccessDenied message={data.error} />
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-5xl px-4 py-4">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">Runner Portal</p>
          <h1 className="mt-0.5 text-xl font-semibold text-slate-900">Hello, {data.runner.name}</h1>
        </div>
      </header>
      {/* Room below the last card: without JavaScript a toast stays over the bottom of the screen. */}
      <main className="mx-auto grid max-w-5xl gap-6 px-4 pb-40 pt-6 md:grid-cols-2">
        <OfflineQueueStatus className="md:col-span-2" />
        {/* Shown by the script only, and only with a run: without JavaScript there is no position to
          share. Always in the page, so a swapped page's live regions line up with this one's. */}
        <section
          hidden
          data-position-share
          data-has-run={String(data.runs.length > 0)}
          data-in-transit={String(data.active.some((a) => a.status === 'in_transit'))}
          data-action={`/api/runners/${data.runnerId}/position`}
          aria-labelledby="share-heading"
          className="rounded-lg border border-slate-200 bg-white p-4 md:col-span-2"
        >
          <h2 id="share-heading" className="text-sm font-semibold text-slate-900">
            Live position
          </h2>
          <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="h-4 w-4 rounded border-slate-300" />
            Share my position with the dispatchers while a delivery is in transit
          </label>
          <p className="mt-1 text-xs text-slate-600" data-position-status aria-live="polite">
            Not sharing your position.
          </p>
        </section>
        {/* On every portal, run or not: a run given while the page is open arrives with the next form
            post's swapped page, where an inline script would not run again (issue 30). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: POSITION_SHARING }} />
        {data.runs.map((run, i) => (
          <div key={run.id} className="md:col-span-2">
            <RunStops
              title={data.runs.length > 1 ? `Your Run ${i + 1}` : 'Your Run'}
              stops={run.stops}
              totalKm={run.totalKm}
              navigateUrl={run.navigateUrl}
              hint="Start your first stop below to see the addresses and get directions."
            />
            {/* The run's pick list at the depot (issue 37): a page of its own, plain form posts. */}
            <a href={`${pathname}/load/${run.id}`} className="mt-2 inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900">
              Load the van{data.runs.length > 1 ? ` (run ${i + 1})` : ''}
            </a>
          </div>
        ))}
        <section aria-labelledby="active-heading" className="space-y-4">
          <h2 id="active-heading" className="text-lg font-semibold text-slate-900">
            Active Assignments ({data.active.length})
          </h2>
          {data.active.length ? (
            data.active.map((a) => <RunnerAssignmentCard key={a.id} assignment={a} action={pathname} timeZone={data.timeZone} handover={data.handover[a.id]} stopLabel={data.stopLabels[a.id]} choices={data.choices[a.id]} />)
          ) : (
            <EmptyState title="No active assignments">New deliveries appear here when a dispatcher assigns them to you.</EmptyState>
          )}
        </section>
        <section aria-labelledby="completed-heading" className="space-y-4">
          <h2 id="completed-heading" className="text-lg font-semibold text-slate-900">
            Recent Completed
          </h2>
          {data.completed.length ? (
            data.completed.map((a) => <RunnerAssignmentCard key={a.id} assignment={a} action={pathname} timeZone={data.timeZone} />)
          ) : (
            <EmptyState title="Nothing delivered yet">Your last five deliveries are listed here.</EmptyState>
          )}
        </section>
      </main>
    </div>
  )
}
