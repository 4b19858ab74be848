// Giving a pending request to a runner (a manager assigning down the queue, many times a minute):
// the checks, the assignment with its delivery link, the request's history, the managers'
// notification and the text to the runner. One transaction of kept statements built against the
// schema (decisions 063, 120); its budget is 6 ms, so no statement here goes through the ORM.
import { sql as fragment } from 'kysely'
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { readNow, writeTogether } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
import { Conflict, Invalid, NotFound } from '~/lib/errors'
import type { AssignInput, AssignmentStatus } from '~/areas/deliveries/dispatch.schema'
import { hashToken, newToken } from '~/lib/tokens.server'
import { sendSms, smsConfig, type SmsOutcome } from '~/areas/outbox/sms.server'
import { recordActivityIn } from '~/areas/outbox/activity-event.server'
import { CLOSED_STATUSES, deliveryPath, toView, type FullAssignment } from '~/areas/deliveries/assignment.server'
import { itemWithProduct, type ItemWithProductRow } from '~/areas/deliveries/dispatch-board.server'
import { notifyOrganisationIn } from '~/areas/outbox/notification.server'
import { tellRequesters } from '~/areas/deliveries/requester-updates.server'
import { recordRequestStatusIn } from '~/areas/requests/request-status.server'
import { assignmentDepotIn, holdForAssignmentIn, type NamedShortage } from '~/areas/deliveries/van-stock.server'

/**
 * The request with what the answer shows (property, items and their products) and the runner, in
 * one statement: through the ORM's relations it was five (request, property, items, products,
 * runner), each paying the query compiler, on a path whose budget is 6 ms (decision 059). Items
 * come in the order the ORM gave them (the requestId index, i.e. as they were inserted).
 */
// Compiled once (decision 125): read for every assignment, one after another when a dispatcher works a queue.
const requestAndRunnerForAssigning = compiledOnce((p: { orgId: string; requestId: string; runnerId: string }) =>
  tables
    .selectFrom('ProductRequest as r')
    .leftJoin('Property as p', 'p.id', 'r.propertyId')
    .leftJoin('Runner as ru', (join) => join.on('ru.id', '=', p.runnerId).onRef('ru.organisationId', '=', 'r.organisationId'))
    .select([
      'r.id',
      'r.orderNumber',
      'r.vendorName',
      'r.status',
      'r.notes',
      'r.urgent',
      'r.neededBy',
      'r.fieldAnswers',
      'r.photos',
      'r.propertyId',
      'p.id as propertyKey',
      'p.name as propertyName',
      'p.address as propertyAddress',
      'ru.id as runnerId',
      'ru.name as runnerName',
      'ru.phone as runnerPhone',
      'ru.isActive as runnerActive',
    ])
    // The lines as one JSON list (a column of the one row), each with its catalogue product.
    .select((eb) =>
      eb
        .selectFrom('RequestItem as i')
        .leftJoin('Product as pr', 'pr.id', 'i.productId')
        .select((j) =>
          j
            .fn<string>('json_group_array', [
              j.fn('json_object', [
                fragment.lit('productId'),
                'i.productId',
                fragment.lit('productName'),
                'i.productName',
                fragment.lit('quantity'),
                'i.quantity',
                fragment.lit('hasProduct'),
                j('pr.id', 'is not', null),
                fragment.lit('category'),
                'pr.category',
                fragment.lit('imageUrl'),
                'pr.imageUrl',
                fragment.lit('thumbnailUrl'),
                'pr.thumbnailUrl',
                fragment.lit('imageAlt'),
                'pr.imageAlt',
              ]),
            ])
            .as('items'),
        )
        .whereRef('i.requestId', '=', 'r.id')
        .$asScalar()
        .as('items'),
    )
    .where('r.id', '=', p.requestId)
    .where('r.organisationId', '=', p.orgId),
)

// Compiled once (decision 125), as the read above: both run for every assignment.
const requestAsAssigned = compiledOnce((p: { requestId: string }) =>
  tables
    .selectFrom('ProductRequest as r')
    .select(['r.status', 'r.organisationId', 'r.orderNumber'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('RunnerAssignment as a')
            .select(fragment.lit(1).as('one'))
            .whereRef('a.requestId', '=', 'r.id')
            .where('a.status', 'not in', CLOSED_STATUSES),
        )
        .$castTo<number>()
        .as('active'),
    )
    .where('r.id', '=', p.requestId),
)

const insertAssignment = compiledOnce(
  (a: { id: string; organisationId: string; requestId: string; runnerId: string; status: string; assignedAt: Date; smsStatus: string; notes: string | null; linkTokenHash: string; updatedAt: Date }) =>
    tables.insertInto('RunnerAssignment').values({
      id: a.id,
      organisationId: a.organisationId,
      requestId: a.requestId,
      runnerId: a.runnerId,
      status: a.status,
      assignedAt: a.assignedAt,
      smsStatus: a.smsStatus,
      notes: a.notes,
      linkTokenHash: a.linkTokenHash,
      updatedAt: a.updatedAt,
    }),
)

async function readForAssigning(orgId: string, requestId: string, runnerId: string) {
  const row = await readNow((sql) => sql.one(requestAndRunnerForAssigning({ orgId, requestId, runnerId })))
  if (!row) return { request: null, runner: null }
  const items = (JSON.parse(row.items ?? '[]') as ItemWithProductRow[]).map(itemWithProduct)
  const property = row.propertyKey ? { id: row.propertyKey, name: row.propertyName!, address: row.propertyAddress! } : null
  const details = {
    urgent: Boolean(Number(row.urgent)),
    neededBy: row.neededBy ? new Date(row.neededBy) : null,
    fieldAnswers: row.fieldAnswers,
    photos: row.photos,
  }
  const request = { id: row.id, orderNumber: row.orderNumber, vendorName: row.vendorName, status: row.status, notes: row.notes, propertyId: row.propertyId, property, items, ...details }
  const runner = row.runnerId ? { id: row.runnerId, name: row.runnerName!, phone: row.runnerPhone!, isActive: Boolean(Number(row.runnerActive)) } : null
  return { request, runner }
}

export async function assignRunner(orgId: string, input: AssignInput, origin: string) {
  // Read once with what the answer shows, so the answer is built without reading it all again (decision 045).
  const { request, runner } = await readForAssigning(orgId, input.requestId, input.runnerId)
  if (!request) throw new NotFound('Request not found')
  if (!runner) throw new NotFound('Runner not found')
  if (!runner.isActive)
    throw new Invalid('This runner is not active.', {
      runnerId: ['This runner is not active.'],
    })
  if (request.status === 'completed' || request.status === 'archived') {
    throw new Conflict(`This request is ${request.status} and cannot be assigned.`)
  }

  const linkToken = newToken()
  // Without an SMS account nothing is sent: the outcome is known now and written with the assignment.
  const smsOff = !smsConfig()
  let shortages: NamedShortage[] = []
  // One plain-SQL transaction of kept statements (decision 063): through the ORM these cost ~1 ms each.
  const created = await writeTogether((sql) => {
    // Inside the transaction, so two managers assigning at once cannot both pass. The same statement
    // reads the request's status as the transaction sees it, for its history (decision 059).
    const now = sql.one(requestAsAssigned({ requestId: request.id }))
    if (now && now.active) throw new Conflict('This request already has an active assignment.')
    // The row as the ORM's create would have made it (its defaults), so the answer is the row written.
    const at = new Date()
    const assignment = {
      id: newRowId(),
      organisationId: orgId,
      requestId: request.id,
      runnerId: runner.id,
      status: 'assigned' satisfies AssignmentStatus as string,
      assignedAt: at,
      deliveredAt: null,
      smsStatus: (smsOff ? 'skipped' : 'pending') satisfies SmsOutcome | 'pending' as string,
      notes: input.notes ?? null,
      linkTokenHash: hashToken(linkToken),
      updatedAt: at,
    }
    const { deliveredAt: _none, ...written } = assignment
    sql.run(insertAssignment(written))
    // The request's lines as read above; held whatever the shelf holds, what it lacks is answered (issue 37).
    shortages = holdForAssignmentIn(sql, orgId, { depotId: assignmentDepotIn(sql, orgId), assignmentId: assignment.id, requestId: request.id, items: request.items })
    // Without the row (deleted meanwhile) it is read again there and not found, as before.
    recordRequestStatusIn(sql, request.id, 'in_progress', `Assigned to ${runner.name}`, now && { status: now.status, organisationId: now.organisationId, orderNumber: now.orderNumber })
    recordActivityIn(sql, orgId, 'assignment.updated', assignment.id)
    notifyOrganisationIn(sql, orgId, {
      type: 'other',
      message: `${request.orderNumber} assigned to ${runner.name}`,
      requestId: request.id,
      propertyId: request.propertyId,
      assignmentId: assignment.id,
    })
    return assignment
  })

  // Outside the transaction: the assignment stands whatever the SMS provider does.
  const shareableUrl = origin + deliveryPath(created.id, linkToken)
  const assignment = smsOff ? created : await keepSmsOutcome(created, await sendSms(runner.phone, `Stockrun: delivery ${request.orderNumber} is assigned to you. Details: ${shareableUrl}`))
  const requesterUpdates = await tellRequesters(request.id, 'assigned', origin)
  const { property, items, id, orderNumber, vendorName, notes, urgent, neededBy, fieldAnswers, photos } = request
  // The request is in progress now (recordRequestStatus above); a new assignment has no proof yet.
  const full: FullAssignment = {
    ...assignment,
    runner: { id: runner.id, name: runner.name, phone: runner.phone },
    request: { id, orderNumber, vendorName, status: 'in_progress', notes, urgent, neededBy, fieldAnswers, photos, property, items },
    proof: null,
  }
  return { ...toView(full), shareableUrl, requesterUpdates, shortages }
}


/** The text's outcome on the assignment, and the row as it now stands (as the ORM's update answered it). */
async function keepSmsOutcome<A extends { id: string; smsStatus: string; updatedAt: Date }>(assignment: A, smsStatus: string): Promise<A> {
  const updatedAt = new Date()
  await writeTogether((sql) => sql.run(tables.updateTable('RunnerAssignment').set({ smsStatus, updatedAt }).where('id', '=', assignment.id)))
  return { ...assignment, smsStatus, updatedAt }
}
