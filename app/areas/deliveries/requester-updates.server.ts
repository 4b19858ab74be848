// The requester hears back (issue 16): a vendor leaves an e-mail address or a phone number on the
// tracking page and is told when the request is assigned, on its way and delivered. Each message is
// claimed by a unique (subscription, stage) row before it is sent, so a repeated status change, a
// retried form or two machines racing never send it twice. Runs only from actions (the primary).
import crypto from 'node:crypto'
import { z } from 'zod'
import { sql } from 'kysely'
import { newRowId } from '~/lib/ids.server'
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { listed } from '~/lib/sql-list.server'
import { readNow, writeTogether } from '~/lib/sql.server'
import { NotFound } from '~/lib/errors'
import type { SendOutcome } from '~/areas/outbox/send-outcome'
import { hashToken } from '~/lib/tokens.server'
import { sendMail } from '~/areas/outbox/mail.server'
import { sendSms } from '~/areas/outbox/sms.server'
import { organisationIdentity } from '~/areas/organisation/organisation-identity.server'
import { mailLanguage, openTrackingToken, requesterMail, sealTrackingToken, type RequesterStage } from './requester-mail.server'
import { trackedRun, type TrackedRun } from './tracked-run.server'


const PHONE = /^\+?[0-9][0-9 ().-]{6,19}$/
export const NOTIFY_MESSAGES = {
  missing: 'Enter an e-mail address or a phone number.',
  email: 'Enter an e-mail address like name@example.com.',
  phone: 'Enter a phone number like +1 212 555 0100.',
} as const

export const RequesterContactInput = z
  .object({
    email: z.string().trim().max(320).optional().transform((v) => v || null).pipe(z.email({ error: NOTIFY_MESSAGES.email }).nullable()),
    phone: z.string().trim().max(40).optional().transform((v) => v || null).pipe(z.string().regex(PHONE, NOTIFY_MESSAGES.phone).nullable()),
  })
  .refine((v) => v.email || v.phone, { message: NOTIFY_MESSAGES.missing, path: ['email'] })

const STAGE_TEXT: Record<RequesterStage, string> = {
  assigned: 'has been assigned to a runner',
  on_the_way: 'is on its way',
  delivered: 'has been delivered',
}

/** Starts (or restarts) messages about the request behind this tracking token. */
export async function listenToRequest(trackingToken: string, contact: { email: string | null; phone: string | null }) {
  const found = tables.selectFrom('ProductRequest').select(['id', 'organisationId']).where('trackingTokenHash', '=', hashToken(trackingToken))
  const request = await readNow((db) => db.one(found))
  if (!request) throw new NotFound('Request not found')
  const wanted = [
    ...(contact.email ? [{ channel: 'email', address: contact.email.toLowerCase() }] : []),
    ...(contact.phone ? [{ channel: 'sms', address: contact.phone.replace(/[ ().-]/g, '') }] : []),
  ]
  for (const { channel, address } of wanted) {
    const listen = tables
      .insertInto('RequesterSubscription')
      .values({
        id: newRowId(),
        organisationId: request.organisationId,
        requestId: request.id,
        channel,
        address,
        // The e-mail's link back to this page rides sealed in the stop token (decision 110); a text has no room for it.
        stopToken: channel === 'email' ? sealTrackingToken(trackingToken) : crypto.randomBytes(24).toString('base64url'),
        createdAt: new Date(),
      })
      .onConflict((conflict) => conflict.columns(['requestId', 'channel', 'address']).doUpdateSet({ stoppedAt: null }))
    await writeTogether((db) => db.run(listen))
  }
  return wanted
}

/** The stop link's subscription (for its confirmation page); null when unknown. */
export async function findRequesterSubscription(stopToken: string) {
  if (!stopToken) return null
  const query = tables
    .selectFrom('RequesterSubscription as s')
    .innerJoin('ProductRequest as r', 'r.id', 's.requestId')
    .select(['s.channel', 's.stoppedAt', 'r.orderNumber'])
    .where('s.stopToken', '=', stopToken)
  const row = await readNow((db) => db.one(query))
  return row ? { channel: row.channel, stoppedAt: row.stoppedAt === null ? null : new Date(row.stoppedAt), request: { orderNumber: row.orderNumber } } : null
}

export async function stopRequesterMessages(stopToken: string) {
  const stop = tables.updateTable('RequesterSubscription').set({ stoppedAt: new Date() }).where('stopToken', '=', stopToken).where('stoppedAt', 'is', null)
  const count = await writeTogether((db) => db.run(stop).changes)
  if (count === 0 && !(await findRequesterSubscription(stopToken))) throw new NotFound('This link is not valid.')
}

export type RequesterUpdate = { channel: string; address: string; outcome: SendOutcome }

// Compiled once (decision 125): asked after every assignment and status change.
const listenersOf = compiledOnce((p: { requestId: string; stage: RequesterStage }) =>
  tables
    .selectFrom('RequesterSubscription as s')
    .innerJoin('ProductRequest as r', 'r.id', 's.requestId')
    .innerJoin('Organisation as o', 'o.id', 'r.organisationId')
    .innerJoin('Property as p', 'p.id', 'r.propertyId')
    .select(['s.id', 's.channel', 's.address', 's.stopToken', 'r.orderNumber', 'r.organisationId', 'o.name as organisationName', 'r.language', 'p.name as propertyName'])
    .where('s.requestId', '=', p.requestId)
    .where('s.stoppedAt', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('RequesterMessage as m').select(sql.lit(1).as('one')).whereRef('m.subscriptionId', '=', 's.id').where('m.stage', '=', p.stage)))),
)

/** After the change has been committed: one message per listener for the stage, ever. Answers what became of each. */
export async function tellRequesters(requestId: string, stage: RequesterStage, origin: string): Promise<RequesterUpdate[]> {
  // One statement for every assignment and status change, most of which nobody listens to: the
  // ORM's nested select was three (subscriptions, then request and organisation even for none); a kept statement (063).
  const rows = await readNow((db) => db.all(listenersOf({ requestId, stage })))
  const listeners = rows.map((row) => ({ ...row, request: { orderNumber: row.orderNumber, organisation: { name: row.organisationName } } }))
  const told: RequesterUpdate[] = []
  // Read once for all listeners, and only when someone listens by e-mail: the sender's name and the run.
  const emailed = rows.find((r) => r.channel === 'email')
  const sender = emailed ? (await organisationIdentity(emailed.organisationId)).name : null
  const runs = new Map<string, Promise<TrackedRun | null>>()
  const runIn = (orgId: string, language: string | null) => {
    if (stage === 'delivered') return null
    const lang = mailLanguage(language)
    if (!runs.has(lang)) runs.set(lang, trackedRun(orgId, requestId, lang))
    return runs.get(lang)!
  }
  for (const listener of listeners) {
    const claim = tables
      .insertInto('RequesterMessage')
      .values({ id: newRowId(), subscriptionId: listener.id, stage, outcome: 'sending', sentAt: new Date() })
      .onConflict((conflict) => conflict.columns(['subscriptionId', 'stage']).doNothing())
    if ((await writeTogether((db) => db.run(claim).changes)) === 0) continue // someone else already sent it
    const stop = `${origin}/track/stop/${listener.stopToken}`
    const what = `Your request ${listener.request.orderNumber} ${STAGE_TEXT[stage]}.`
    let outcome: SendOutcome = 'sent'
    try {
      if (listener.channel === 'sms') {
        outcome = await sendSms(listener.address, `${listener.request.organisation.name}: ${what} Stop: ${stop}`)
      } else {
        const token = openTrackingToken(listener.stopToken)
        const content = await requesterMail({
          stage,
          language: listener.language,
          orderNumber: listener.orderNumber,
          propertyName: listener.propertyName,
          organisationName: sender ?? listener.organisationName,
          trackingUrl: token ? `${origin}/track/${encodeURIComponent(token)}` : null,
          stopUrl: stop,
          run: await runIn(listener.organisationId, listener.language),
        })
        const mail = await sendMail({
          fromName: sender ?? listener.organisationName,
          to: listener.address,
          ...content,
          // Mail clients show their own "unsubscribe" and POST it here in one click (RFC 8058): no page, no GET that writes.
          headers: { 'List-Unsubscribe': `<${stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        })
        if (mail.delivery === 'outbox') outcome = 'outbox'
      }
    } catch (err) {
      console.warn(`Requester update for ${listener.request.orderNumber} failed:`, err)
      outcome = 'failed'
    }
    // Kept as before: written to the outbox counts as sent.
    const sent = tables
      .updateTable('RequesterMessage')
      .set({ outcome: outcome === 'outbox' ? 'sent' : outcome })
      .where('subscriptionId', '=', listener.id)
      .where('stage', '=', stage)
    await writeTogether((db) => db.run(sent))
    told.push({ channel: listener.channel, address: listener.address, outcome })
  }
  return told
}

/** Which message an assignment's new status warrants. */
export function stageForAssignment(status: string): RequesterStage | null {
  if (status === 'assigned') return 'assigned'
  if (status === 'picked_up' || status === 'in_transit') return 'on_the_way'
  if (status === 'delivered') return 'delivered'
  return null
}

/** Which of these requests anyone listens to (one statement), so a run tells only those, not each in turn. */
export async function requestsWithListeners(requestIds: string[]) {
  if (requestIds.length === 0) return []
  const query = tables.selectFrom('RequesterSubscription').select('requestId').distinct().where('requestId', 'in', listed(requestIds)).where('stoppedAt', 'is', null)
  const rows = await readNow((db) => db.all(query))
  return rows.map((r) => r.requestId)
}

/**
 * Where this request's updates go, masked ("j•••@example.com", "•••0100") for the tracking page:
 * whoever holds the link sees that they are set up, not the whole address.
 */
export async function listeningAddresses(requestId: string) {
  const query = tables.selectFrom('RequesterSubscription').select(['channel', 'address']).where('requestId', '=', requestId).where('stoppedAt', 'is', null).orderBy('createdAt')
  const rows = await readNow((db) => db.all(query))
  return rows.map((r) => (r.channel === 'email' ? maskEmail(r.address) : maskPhone(r.address)))
}

export function maskEmail(address: string) {
  const at = address.lastIndexOf('@')
  return at < 1 ? '•••' : `${address[0]}•••${address.slice(at)}`
}

export function maskPhone(phone: string) {
  return `•••${phone.slice(-4)}`
}
