// The three cards of the Dispatch page (spec §2.10): Pending Orders, Active Runners and Current Assignments.
import { Form, Link } from '@remix-run/react'
import type { SerializeFrom } from '@remix-run/node'
import type { dispatchQueue } from '~/areas/deliveries/dispatch-board.server'
import type { CurrentAssignmentLine } from '~/areas/deliveries/dispatch-board.server'
import { DISPATCH_MOST, DISPATCH_PAGE } from '~/areas/deliveries/dispatch-pages'
import type { RunnerView } from '~/areas/deliveries/runner.server'
import { formatDateTime } from '~/lib/format'
import { withParams } from '~/areas/requests/components/request-filters'
import { DeliveryStatusBadge } from './delivery-status-badge'
import { Button, buttonClasses } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { Badge } from '~/ui/badge'
import { RunRunnerChoice, type RunChoice } from './run-runner-choice'
import { RequesterDetailsList } from '~/areas/requests/components/requester-details'

type QueueItem = SerializeFrom<Awaited<ReturnType<typeof dispatchQueue>>[number]>

const SMS_LABELS: Record<string, string> = {
  pending: 'SMS pending',
  sent: 'SMS sent',
  failed: 'SMS failed',
  skipped: 'SMS not configured',
}

/** A plain link that shows a list's next page under the rows already shown (works without JavaScript). */
function ShowMore({ params, name, shown, label }: { params: URLSearchParams; name: string; shown: number; label: string }) {
  return (
    <p className="pt-3">
      <Link to={withParams(params, { [name]: String(shown + DISPATCH_PAGE) })} preventScrollReset className={buttonClasses('secondary', 'sm')}>
        {label}
      </Link>
    </p>
  )
}

export function PendingOrdersCard({
  queue,
  total,
  params,
  canAssign,
  runners = [],
  overdue,
  timeZone = 'UTC',
  runChoice,
}: {
  queue: QueueItem[]
  total: number
  params: URLSearchParams
  canAssign: boolean
  runners?: Array<{ id: string; name: string }>
  overdue?: ReadonlySet<string>
  timeZone?: string
  /** The run builder's ticked orders and suggested runners, as the address asked (issue 34). */
  runChoice?: RunChoice & { tickedIds: string[] }
}) {
  const more = total > queue.length
  const ticked = new Set(runChoice?.tickedIds ?? [])
  return (
    <Card aria-labelledby="pending-heading">
      <CardHeader
        title={<span id="pending-heading">Pending Orders</span>}
        description={more ? `${total} waiting for a runner; the first ${queue.length} shown (urgent, then soonest needed, then oldest)` : `${total} waiting for a runner`}
      />
      <CardBody>
        {queue.length === 0 ? (
          <p className="text-sm text-slate-600">No pending orders.</p>
        ) : (
          // One plain form (issue 30): tick requests, pick a runner, make a run; works without JavaScript.
          <Form method="post" aria-label="Make a run" preventScrollReset>
            <input type="hidden" name="intent" value="run" />
          <ul className="divide-y divide-slate-100">
            {queue.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                {canAssign ? (
                  <input
                    type="checkbox"
                    name="requestIds"
                    value={r.id}
                    id={`run-${r.id}`}
                    defaultChecked={ticked.has(r.id)}
                    aria-label={`Add ${r.orderNumber} to the run`}
                    className="h-4 w-4 rounded border-slate-300 text-brand-600"
                  />
                ) : null}
                <div className="min-w-0 flex-1 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {r.orderNumber}
                    {overdue?.has(r.id) ? <Badge tone="red">Overdue</Badge> : null}
                  </p>
                  <p className="text-slate-600">{[r.property?.name, r.vendorName].filter(Boolean).join(' · ')}</p>
                  <p className="text-slate-500">{r.requestedProducts.map((p) => `${p.name} × ${p.quantity}`).join(', ')}</p>
                  <RequesterDetailsList details={r} timeZone={timeZone} photoAlt={`Photo for ${r.orderNumber}`} />
                </div>
                {canAssign ? (
                  <Link to={withParams(params, { assign: r.id })} preventScrollReset className={buttonClasses('primary', 'sm')}>
                    Assign Runner
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
            {canAssign ? <RunRunnerChoice runners={runners} choice={runChoice} /> : null}
          </Form>
        )}
        {more && queue.length < DISPATCH_MOST ? <ShowMore params={params} name="queue" shown={queue.length} label="Show More Pending Orders" /> : null}
      </CardBody>
    </Card>
  )
}

export function ActiveRunnersCard({ runners }: { runners: SerializeFrom<RunnerView>[] }) {
  return (
    <Card aria-labelledby="runners-heading">
      <CardHeader title={<span id="runners-heading">Active Runners</span>} description={`${runners.length} available`} />
      <CardBody>
        {runners.length === 0 ? (
          <p className="text-sm text-slate-600">No runners yet. Add one to start assigning deliveries.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {runners.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">{r.name}</p>
                  <p className="text-slate-600">{[r.phone, r.email].filter(Boolean).join(' · ')}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="rotate" />
                  <input type="hidden" name="runnerId" value={r.id} />
                  <Button type="submit" variant="ghost" size="sm" title="Make a new portal link; the old one stops working">
                    New Portal Link
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  )
}

export function CurrentAssignmentsCard({
  assignments,
  total,
  params,
  timeZone,
}: {
  assignments: SerializeFrom<CurrentAssignmentLine>[]
  total: number
  params: URLSearchParams
  timeZone: string
}) {
  const more = total > assignments.length
  return (
    <Card aria-labelledby="assignments-heading">
      <CardHeader
        title={<span id="assignments-heading">Current Assignments</span>}
        description={`${total.toLocaleString('en-US')} under way${more ? `; the oldest ${assignments.length} shown` : ''}`}
      />
      <CardBody>
        {assignments.length === 0 ? (
          <p className="text-sm text-slate-600">No deliveries under way.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {assignments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    <span className="font-mono text-xs text-slate-500" title={a.id}>
                      {`#${a.id.slice(-8)}`}
                    </span>
                    {a.request.orderNumber}
                    <DeliveryStatusBadge status={a.status} named />
                  </p>
                  <p className="text-slate-600">
                    {a.runner.name} · {a.request.property?.name ?? 'No property'}
                  </p>
                  <p className="text-slate-500">
                    {`Assigned ${formatDateTime(a.assignedAt, timeZone)}`} · {SMS_LABELS[a.smsStatus] ?? a.smsStatus}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="link" />
                  <input type="hidden" name="assignmentId" value={a.id} />
                  <Button type="submit" variant="secondary" size="sm">
                    Generate Link
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {more && assignments.length < DISPATCH_MOST ? (
          <ShowMore params={params} name="current" shown={assignments.length} label="Show More Assignments" />
        ) : null}
      </CardBody>
    </Card>
  )
}
