// Runs (issue 30): several pending requests given to one runner at once, visited in a planned order.
// A run is made all or nothing: every request pending and this organisation's, the runner active,
// or nothing is assigned. Each request still gets its own assignment, with its own status, proof,
// delivery link and handover code; a run only numbers them. Requests at one property are one stop.
// The run is done when every stop is (all its assignments delivered or cancelled); nothing stores it.
// How a run is read and shown is run-view.server.ts.
import { z } from 'zod'
import { Conflict, Invalid, NotFound } from '~/lib/errors'
import { newRowId } from '~/lib/ids.server'
import { orderStops, type Point } from '~/areas/deliveries/route-order'
import { sql as fragment } from 'kysely'
import { tables } from '~/lib/sql-builder.server'
import { listed } from '~/lib/sql-list.server'
import { readNow, writeTogether, type Sql } from '~/lib/sql.server'
import { hashToken, newToken } from '~/lib/tokens.server'
import { requiredText } from '~/lib/common.schema'
import { sendSms, smsConfig } from '~/areas/outbox/sms.server'
import { recordActivityIn } from '~/areas/outbox/activity-event.server'
import { notifyOrganisationIn } from '~/areas/outbox/notification.server'
import { DEFAULT_CENTRE, locateProperties } from '~/areas/catalogue/property-location.server'
import { CLOSED } from './dispatch-board.server'
import { findRun } from './run-view.server'
import { recordRequestStatusesIn, type RequestStatusRow } from '~/areas/requests/request-status.server'
import { requestsWithListeners, tellRequesters } from './requester-updates.server'
import { getRunSettings } from '~/areas/organisation/organisation-settings.server'
import { lastPositions } from './runner-position.server'
import { holdForRunIn, runDepotIn, type NamedShortage } from './van-stock.server'

/** More than a runner drives in a day; bounds the planning work and the answer. */
export const MOST_STOPS = 60

export const RunInput = z.object({
  runnerId: requiredText('Runner is required', 64),
  requestIds: z
    .array(z.string({ error: 'Each request id is text' }).trim().min(1).max(64), { error: 'Pick the requests for the run' })
    .min(1, 'Pick at least one request for the run')
    .max(MOST_STOPS * 4, `A run takes at most ${MOST_STOPS * 4} requests`)
    .transform((ids) => [...new Set(ids)]),
  // Which depot the van loads at (issue 37); left out, or blank from a form: the organisation's first.
  depotId: z
    .string({ error: 'depotId is a depot id' })
    .trim()
    .max(64)
    .optional()
    .transform((id) => id || undefined),
})
export type RunInput = z.infer<typeof RunInput>

export const ReorderInput = z.object({
  order: z.array(z.string({ error: 'Each stop is a property id' }).trim().min(1).max(64), { error: 'order lists the stops’ property ids' }).min(1, 'order lists the stops’ property ids'),
})

/** Dispatch's up and down buttons: which stop of which run, a place earlier or later. */
export const MoveStopInput = z.object({
  runId: requiredText('Run is required', 64),
  propertyId: requiredText('Stop is required', 64),
  direction: z.enum(['up', 'down'], { error: 'A stop moves up or down' }),
})

const NOT_PENDING = (numbers: string[]) =>
  `${numbers.length === 1 ? `${numbers[0]} is` : `${numbers.join(', ')} are`} no longer waiting for a runner; nothing was assigned.`

/** The requests as they stand now, in one statement (inside the write, so two managers cannot both pass). */
function candidates(sql: Sql, orgId: string, requestIds: string[]) {
  return sql.all(
    tables
      .selectFrom('ProductRequest as r')
      .select(['r.id', 'r.orderNumber', 'r.status', 'r.propertyId'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('RunnerAssignment as a')
              .select(fragment.lit(1).as('one'))
              .whereRef('a.requestId', '=', 'r.id')
              .where('a.status', 'not in', CLOSED),
          )
          .$castTo<number>()
          .as('active'),
      )
      .where('r.organisationId', '=', orgId)
      .where('r.id', 'in', listed(requestIds)),
  )
}
type CandidateRow = ReturnType<typeof candidates>[number]

function refuseWhatCannotRun(rows: CandidateRow[], requestIds: string[]) {
  if (rows.length < requestIds.length) {
    const known = new Set(rows.map((r) => r.id))
    const missing = requestIds.filter((id) => !known.has(id))
    throw new NotFound(missing.length === 1 ? `Request not found: ${missing[0]}; nothing was assigned.` : `Requests not found: ${missing.join(', ')}; nothing was assigned.`)
  }
  const busy = rows.filter((r) => r.status !== 'pending' || Number(r.active))
  if (busy.length > 0) {
    const numbers = busy.map((r) => r.orderNumber)
    throw new Conflict(NOT_PENDING(numbers), { notPending: numbers })
  }
  const placeless = rows.filter((r) => !r.propertyId)
  if (placeless.length > 0) {
    const message = `${placeless.map((r) => r.orderNumber).join(', ')} ${placeless.length === 1 ? 'has' : 'have'} no property to drive to; assign ${placeless.length === 1 ? 'it' : 'them'} on ${placeless.length === 1 ? 'its' : 'their'} own.`
    throw new Invalid(message, { requestIds: [message] })
  }
}

/** Where the runner starts: their last shared position, else the organisation's depot, else the map's centre. */
async function startingPoint(orgId: string, runnerId: string): Promise<Point> {
  const [positions, settings] = await Promise.all([lastPositions(orgId, [runnerId]), getRunSettings(orgId)])
  const position = positions.get(runnerId)
  if (position) return { lat: position.lat, lng: position.lng }
  return settings.depot ?? DEFAULT_CENTRE
}

/**
 * Gives the requests to the runner as one run in a planned order: 201 with the run. Refuses the
 * whole run (nothing assigned) when a request is unknown, not this organisation's, not pending or
 * has no property, or when the runner is not active.
 */
export async function createRun(orgId: string, input: RunInput, origin: string) {
  const runner = await readNow((sql) =>
    sql.one(tables.selectFrom('Runner').select(['id', 'name', 'phone', 'isActive']).where('id', '=', input.runnerId).where('organisationId', '=', orgId)),
  )
  if (!runner) throw new NotFound('Runner not found')
  if (!runner.isActive) throw new Invalid('This runner is not active.', { runnerId: ['This runner is not active.'] })

  const rows = await readNow((sql) => candidates(sql, orgId, input.requestIds))
  refuseWhatCannotRun(rows, input.requestIds)
  const propertyIds = [...new Set(rows.map((r) => r.propertyId!))]
  if (propertyIds.length > MOST_STOPS) throw new Invalid(`A run has at most ${MOST_STOPS} stops.`, { requestIds: [`A run has at most ${MOST_STOPS} stops.`] })

  const [located, start] = await Promise.all([locateProperties(orgId, propertyIds), startingPoint(orgId, runner.id)])
  const order = orderStops(
    start,
    propertyIds.map((id) => located.get(id) ?? DEFAULT_CENTRE),
  )
  const stopOf = new Map(order.map((index, position) => [propertyIds[index]!, position + 1]))

  const runId = newRowId()
  const smsOff = !smsConfig()
  const links = new Map<string, string>()
  const shortages = await writeTogether((sql) => {
    const now = candidates(sql, orgId, input.requestIds)
    refuseWhatCannotRun(now, input.requestIds)
    const at = new Date()
    // The run's depot is where its orders are held and its pick list is loaded from (issue 37).
    const depotId = runDepotIn(sql, orgId, input.depotId)
    const orders: Array<{ assignmentId: string; requestId: string }> = []
    sql.run(tables.insertInto('Run').values({ id: runId, organisationId: orgId, runnerId: runner.id, startLatitude: start.lat, startLongitude: start.lng, depotId, createdAt: at }))
    const current: Array<RequestStatusRow & { id: string }> = sql.all(
      tables.selectFrom('ProductRequest').select(['id', 'status', 'organisationId', 'orderNumber']).where('id', 'in', listed(input.requestIds)),
    )
    for (const request of now) {
      const assignmentId = newRowId()
      const token = newToken()
      links.set(request.id, origin + `/delivery/${assignmentId}/${encodeURIComponent(token)}`)
      sql.run(
        tables.insertInto('RunnerAssignment').values({
          id: assignmentId,
          organisationId: orgId,
          requestId: request.id,
          runnerId: runner.id,
          status: 'assigned',
          assignedAt: at,
          smsStatus: smsOff ? 'skipped' : 'pending',
          notes: null,
          linkTokenHash: hashToken(token),
          updatedAt: at,
        }),
      )
      sql.run(tables.insertInto('RunStop').values({ assignmentId, runId, stopOrder: stopOf.get(request.propertyId!)!, propertyId: request.propertyId }))
      recordActivityIn(sql, orgId, 'assignment.updated', assignmentId)
      orders.push({ assignmentId, requestId: request.id })
    }
    const short: NamedShortage[] = holdForRunIn(sql, orgId, { depotId, orders })
    recordRequestStatusesIn(sql, current, 'in_progress', `Assigned to ${runner.name} (run of ${propertyIds.length} stops)`)
    notifyOrganisationIn(sql, orgId, {
      type: 'other',
      message: `A run of ${propertyIds.length} ${propertyIds.length === 1 ? 'stop' : 'stops'} (${now.length} ${now.length === 1 ? 'request' : 'requests'}) assigned to ${runner.name}`,
      requestId: null,
      propertyId: null,
      assignmentId: null,
    })
    return short
  })

  // Outside the transaction: one text for the whole run, with the first stop's link (its page lists the run).
  let smsStatus: string = 'skipped'
  const run = await findRun(orgId, runId)
  if (!smsOff) {
    const first = links.get(run.stops[0]!.requestIds[0]!)!
    smsStatus = await sendSms(runner.phone, `Stockrun: a run of ${run.stops.length} stops is assigned to you. First stop: ${first}`)
    const sent = run.stops.flatMap((s) => s.assignmentIds)
    await writeTogether((sql) => sql.run(tables.updateTable('RunnerAssignment').set({ smsStatus, updatedAt: new Date() }).where('id', 'in', listed(sent))))
  }
  for (const id of await requestsWithListeners(input.requestIds)) await tellRequesters(id, 'assigned', origin)
  return { ...run, smsStatus, shortages }
}

/**
 * The manager's own order for the stops: `order` lists every stop's property id once. Distances
 * follow the new order; statuses and proofs are untouched.
 */
export async function reorderRun(orgId: string, runId: string, order: string[]) {
  const run = await findRun(orgId, runId)
  const planned = run.stops.map((s) => s.propertyId)
  const same = order.length === planned.length && new Set(order).size === order.length && order.every((id) => planned.includes(id))
  if (!same) {
    const message = 'order must list each stop’s property id exactly once.'
    throw new Invalid(message, { order: [message] })
  }
  // A finished stop is history: the runner has been there, so it keeps its number (issue 34).
  const moved = run.stops.filter((stop, i) => stop.done && order[i] !== stop.propertyId)
  if (moved.length > 0) throw new Conflict(FINISHED_STAYS(moved.map((s) => s.propertyName)), { finished: moved.map((s) => s.propertyId) })
  await writeTogether((sql) => {
    order.forEach((propertyId, i) => sql.run(tables.updateTable('RunStop').set({ stopOrder: i + 1 }).where('runId', '=', runId).where('propertyId', '=', propertyId)))
    // Every stop's number and arrival window moved: Dispatch, portals and tracking pages hear it.
    run.stops.forEach((stop) => stop.assignmentIds.forEach((id) => recordActivityIn(sql, orgId, 'assignment.updated', id)))
  })
  return findRun(orgId, runId)
}

const FINISHED_STAYS = (names: string[]) =>
  `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} finished (delivered or cancelled) and cannot be moved; a finished stop keeps its place in the run.`

/**
 * Moves one stop a place earlier or later (Dispatch's up and down buttons). A finished stop is not
 * moved, nor swapped with by its neighbour.
 */
export async function moveStop(orgId: string, runId: string, propertyId: string, direction: 'up' | 'down') {
  const run = await findRun(orgId, runId)
  const order = run.stops.map((s) => s.propertyId)
  const i = order.indexOf(propertyId)
  if (i < 0) throw new NotFound('That stop is not part of this run.')
  if (run.stops[i]!.done) throw new Conflict(FINISHED_STAYS([run.stops[i]!.propertyName]), { finished: [propertyId] })
  const j = direction === 'up' ? i - 1 : i + 1
  if (j < 0 || j >= order.length) return run
  if (run.stops[j]!.done) throw new Conflict(FINISHED_STAYS([run.stops[j]!.propertyName]), { finished: [run.stops[j]!.propertyId] })
  ;[order[i], order[j]] = [order[j]!, order[i]!]
  return reorderRun(orgId, runId, order)
}

