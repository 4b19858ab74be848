// Dispatch Management (spec §2.10). Dialogs live in the URL (?dialog=add-runner, ?assign=<requestId>);
// a secret made here (a runner's token, a delivery link) is answered by the action itself, never put
// in a URL or a cookie, and shown once with a way to copy it (a runner's link also to share or text).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { UserPlus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { ActiveRunnersCard, CurrentAssignmentsCard, PendingOrdersCard } from '~/areas/deliveries/components/dispatch-cards'
import { DispatchCopyField } from '~/areas/deliveries/components/dispatch-copy-field'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { RunnerLinkPanel } from '~/areas/deliveries/components/runner-link-panel'
import { DISPATCH_INTENTS, type Shown } from './dispatch.server'
import { Button, ButtonLink, buttonClasses } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { Field, SelectField, TextareaField } from '~/ui/field'
import { useToast } from '~/ui/toast'
import { formString } from '~/lib/form-text'
import { intentHandler } from '~/lib/intents'
import { publicOrigin } from '~/lib/public-url.server'
import { redirectWithToast } from '~/lib/toast.server'
import { shownFrom } from '~/areas/deliveries/dispatch-pages'
import { currentAssignmentsPage, pendingOrdersPage } from '~/areas/deliveries/dispatch-board.server'
import { listActiveRunners } from '~/areas/deliveries/runner.server'
import { requireManager } from '~/areas/people/auth.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { RunsCard } from '~/areas/deliveries/components/dispatch-runs-card'
import { openRuns } from '~/areas/deliveries/run-view.server'
import { suggestionsQueryFrom, suggestRunners, suggestRunnersFor, type Suggestion } from '~/areas/deliveries/runner-suggestions.server'
import { NotFound } from '~/lib/errors'
import { isOverdue, overdueCutoff } from '~/areas/requests/overdue-requests.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { shortagesIfAssigned, type NamedShortage } from '~/areas/deliveries/van-stock.server'
import { pickListsFor } from '~/areas/deliveries/pick-list.server'
import { listDepots } from '~/areas/stock/depot.server'
import { ShortageNote } from '~/areas/deliveries/components/shortage-note'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['assign', 'add-runner', 'link', 'rotate', 'run', 'move-stop'],
  permission: 'work',
}

export const meta: MetaFunction = () => [{ title: 'Dispatch Management · Stockrun' }]

const PAGE = '/dispatch'

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const params = new URL(request.url).searchParams
  // Each list shows its oldest 50; a plain "show more" link (?queue=100, ?current=100) asks for more.
  const assign = params.get('assign')
  const [pending, runners, current, timeZone, runs, suggestions, cutoff, runChoice, assignShortages] = await Promise.all([
    pendingOrdersPage(manager.orgId, shownFrom(params.get('queue'))),
    listActiveRunners(manager.orgId),
    currentAssignmentsPage(manager.orgId, shownFrom(params.get('current'))),
    organisationTimeZone(manager.orgId),
    openRuns(manager.orgId).then((open) => withStock(manager.orgId, open)),
    // Only for the request whose Assign dialog is open: one ranking, never one per row.
    assign ? suggestionsFor(manager.orgId, assign) : Promise.resolve([]),
    overdueCutoff(manager.orgId),
    runChoiceFor(manager.orgId, params),
    // Before assigning (issue 37): what the depot could not cover, read only.
    assign ? shortagesIfAssigned(manager.orgId, [assign]) : Promise.resolve([]),
  ])
  return json(
    {
      queue: pending.orders,
      queuedTotal: pending.total,
      runners,
      assignments: current.lines,
      assignmentsTotal: current.total,
      timeZone,
      runs: runs.map((r) => ({ id: r.id, runnerName: r.runnerName, totalKm: r.totalKm, shortages: r.shortages, loaded: r.loaded, stops: r.stops.map(({ order, propertyId, propertyName, orderNumbers, distanceKm, done }) => ({ order, propertyId, propertyName, orderNumbers, distanceKm, done })) })),
      suggestions,
      overdue: pending.orders.filter((r) => isOverdue(r, cutoff)).map((r) => r.id),
      runChoice,
      assignShortages,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

/** Each open run with what its depot cannot cover of what is still to load, and whether its van is loaded. */
async function withStock<R extends { id: string }>(orgId: string, runs: R[]) {
  const lists = await pickListsFor(orgId, runs.map((run) => run.id))
  return runs.map((run) => ({ ...run, shortages: lists.get(run.id)?.shortages ?? [], loaded: Boolean(lists.get(run.id)?.pickedAt) }))
}

/** A request gone meanwhile (assigned from another tab) just has no suggestions. */
async function suggestionsFor(orgId: string, requestId: string): Promise<Suggestion[]> {
  try {
    return await suggestRunners(orgId, requestId)
  } catch (err) {
    if (err instanceof NotFound) return []
    throw err
  }
}

/**
 * The run builder as its address asks (issue 34): the ticked orders (`requestIds`), and after
 * "Suggest Runners" (`suggest`) or a suggestion's "Pick" (`pick`) the ranking for them, the picked
 * runner (else the best) filling the runner choice.
 */
async function runChoiceFor(orgId: string, params: URLSearchParams) {
  const tickedIds = params.getAll('requestIds')
  const asked = params.has('suggest') || params.has('pick')
  // With more than one depot the run builder asks which one the van loads at (issue 37).
  const depots = (await listDepots(orgId)).map(({ id, name }) => ({ id, name }))
  const depotId = depots.find((d) => d.id === params.get('depotId'))?.id ?? null
  const none = { asked, tickedIds, ticked: tickedIds.length, suggestions: [] as Suggestion[], selected: params.get('runnerId') || null, note: null as string | null, shortages: [] as NamedShortage[], depots, depotId }
  if (!asked) return none
  const query = suggestionsQueryFrom(params)
  if (!query.success) return { ...none, note: 'Tick the orders for the run first, then ask for suggestions.' }
  try {
    const [suggestions, shortages] = await Promise.all([suggestRunnersFor(orgId, query.data.requestIds), shortagesIfAssigned(orgId, query.data.requestIds, depotId)])
    const picked = params.get('pick')
    const selected = suggestions.find((s) => s.runnerId === picked)?.runnerId ?? suggestions[0]?.runnerId ?? none.selected
    return { ...none, suggestions, selected, shortages }
  } catch (err) {
    if (err instanceof NotFound) return { ...none, note: 'Some ticked orders are gone; tick them again.' }
    throw err
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = await request.formData()
  const handle = intentHandler(DISPATCH_INTENTS, form.get('intent'))
  if (!handle) return redirectWithToast(PAGE, { title: 'Error', description: 'Unknown action.', variant: 'error' })
  const field = (name: string) => formString(form, name)
  return handle({ orgId: manager.orgId, origin: publicOrigin(request), form, field })
}

export default function DispatchPage() {
  const { queue, queuedTotal, runners, assignments, assignmentsTotal, timeZone, runs, suggestions, overdue, runChoice, assignShortages } = useLoaderData<typeof loader>()
  const shown = useActionData<Shown>()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const toast = useToast()
  const submitting = navigation.state === 'submitting'

  useEffect(() => {
    if (shown?.kind === 'link') toast({ title: 'Link Generated' })
  }, [shown, toast])
  // A runner's new link stays on screen until dismissed, through the page's other links and dialogs.
  const [runnerLink, setRunnerLink] = useState(shown?.kind === 'runner' ? shown : null)
  useEffect(() => {
    if (shown?.kind === 'runner') setRunnerLink(shown)
  }, [shown])

  const errors = shown?.kind === 'runner-errors' ? shown : null
  const addingRunner = params.get('dialog') === 'add-runner' || Boolean(errors)
  const assigning = queue.find((r) => r.id === params.get('assign'))

  return (
    <div>
      <PageHeader
        title="Dispatch Management"
        description="Assign runners to pending orders"
        action={
          <ButtonLink to="?dialog=add-runner" preventScrollReset>
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            Add Runner
          </ButtonLink>
        }
      />

      {runnerLink ? <RunnerLinkPanel link={runnerLink} dismissTo={PAGE} onDismiss={() => setRunnerLink(null)} /> : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <PendingOrdersCard queue={queue} total={queuedTotal} params={params} canAssign={runners.length > 0} runners={runners} overdue={new Set(overdue)} timeZone={timeZone} runChoice={runChoice} />
        <ActiveRunnersCard runners={runners} />
        <div className="lg:col-span-2">
          <RunsCard runs={runs} />
        </div>
        <div className="lg:col-span-2">
          <CurrentAssignmentsCard assignments={assignments} total={assignmentsTotal} params={params} timeZone={timeZone} />
        </div>
      </div>

      {addingRunner ? (
        <Dialog title="Add Runner" description="Runners get a private portal link; no account needed." closeTo={PAGE}>
          <Form method="post" action={PAGE} className="space-y-4">
            <input type="hidden" name="intent" value="add-runner" />
            <Field label="Name" name="name" required defaultValue={errors?.values.name} errors={errors?.fieldErrors.name} />
            <Field label="Phone" name="phone" type="tel" required defaultValue={errors?.values.phone} errors={errors?.fieldErrors.phone} />
            <Field label="Email (Optional)" name="email" type="email" defaultValue={errors?.values.email} errors={errors?.fieldErrors.email} />
            <div className="flex justify-end gap-2">
              <Link to={PAGE} className={buttonClasses('secondary')}>
                Cancel
              </Link>
              <Button type="submit" disabled={submitting}>
                Add Runner
              </Button>
            </div>
          </Form>
        </Dialog>
      ) : null}

      {assigning ? (
        <Dialog title="Assign Runner" description={`Order ${assigning.orderNumber} · ${assigning.vendorName}`} closeTo={PAGE}>
          <Form method="post" action={PAGE} className="space-y-4">
            <input type="hidden" name="intent" value="assign" />
            <input type="hidden" name="requestId" value={assigning.id} />
            {suggestions[0] ? (
              <p className="rounded-md bg-brand-50 p-3 text-sm text-slate-800" data-testid="suggested-runner">
                <span className="font-semibold">Suggested: </span>
                {`${suggestions[0].name} (${suggestions[0].reason})`}
              </p>
            ) : null}
            <SelectField label="Runner" name="runnerId" required defaultValue={suggestions[0]?.runnerId ?? ''}>
              <option value="" disabled>
                Select a runner
              </option>
              {/* Best first when ranked; the reason is in the line above, so each option stays the runner's name. */}
              {(suggestions.length ? suggestions.map((s) => ({ id: s.runnerId, name: s.name })) : runners).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </SelectField>
            <ShortageNote id="assign-shortages-heading" title="Short at the depot (you can still assign)" shortages={assignShortages} />
            <TextareaField label="Notes (Optional)" name="notes" rows={3} maxLength={2000} />
            <div className="flex justify-end gap-2">
              <Link to={PAGE} className={buttonClasses('secondary')}>
                Cancel
              </Link>
              <Button type="submit" disabled={submitting}>
                Assign
              </Button>
            </div>
          </Form>
        </Dialog>
      ) : null}

      {shown?.kind === 'link' ? (
        <Dialog
          title="Generate Link"
          description={`Delivery link for assignment #${shown.assignmentId.slice(-8)}. Generating a new one replaces it.`}
          closeTo={PAGE}
        >
          <DispatchCopyField label="Shareable URL" value={shown.shareableUrl} />
        </Dialog>
      ) : null}
    </div>
  )
}
