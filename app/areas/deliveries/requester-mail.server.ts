// What a requester's update e-mail says (issue 34): the stage, the property, the stop and arrival
// window when the request rides in a run, and the link back to the tracking page, in the language
// the request was made in. Sent under the organisation's name (requester-updates.server.ts).
//
// The tracking link: the database keeps only the tracking token's digest, so the token is sealed
// (AES-256-GCM under the session secret) into the subscription's stop token when the vendor asks to
// hear back from the tracking page, the one moment we hold it. A copy of the database alone opens
// nothing; the stop link still only stops. See decision 110.
import crypto from 'node:crypto'
import { isVendorLanguage, type VendorLanguage } from '~/i18n/config'
import { vendorT } from '~/i18n/i18next.server'
import { env } from '~/lib/env.server'
import type { TrackingStage } from '~/areas/requests/request-intake.server'
import type { TrackedRun } from './tracked-run.server'

/** The stages a requester hears of: the ones that change what they should expect at the door. */
export type RequesterStage = Extract<TrackingStage, 'assigned' | 'on_the_way' | 'delivered'>

const keyOf = (secret: string) => crypto.createHash('sha256').update(`stockrun-requester-link:${secret}`, 'utf8').digest()

/** A stop token that also carries the tracking token, readable only with the session secret. */
export function sealTrackingToken(trackingToken: string) {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(env().sessionSecrets[0]!), iv)
  const sealed = Buffer.concat([cipher.update(trackingToken, 'utf8'), cipher.final()])
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url')
}

/** The tracking token inside a stop token; null for one made before links were sealed, or under a retired secret. */
export function openTrackingToken(stopToken: string): string | null {
  const raw = Buffer.from(stopToken, 'base64url')
  if (raw.length < 12 + 16 + 1) return null
  // Every secret still accepted, so rotating SESSION_SECRET keeps the links of earlier subscriptions.
  for (const secret of env().sessionSecrets) {
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12))
      decipher.setAuthTag(raw.subarray(raw.length - 16))
      return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8')
    } catch {
      // not this secret
    }
  }
  return null
}

export type RequesterMailFacts = {
  stage: RequesterStage
  language: string | null
  orderNumber: string
  propertyName: string
  organisationName: string
  trackingUrl: string | null
  stopUrl: string
  run: TrackedRun | null
}

export function mailLanguage(language: string | null): VendorLanguage {
  return isVendorLanguage(language) ? language : 'en'
}

export async function requesterMail(f: RequesterMailFacts) {
  const t = await vendorT(mailLanguage(f.language))
  const what = t(`track.mail.body.${f.stage}`, { orderNumber: f.orderNumber, property: f.propertyName })
  const run = f.run ? [f.run.stop, f.run.eta].filter((line): line is string => Boolean(line)) : []
  const text = [
    what,
    run.length ? run.join('\n') : null,
    f.trackingUrl ? t('track.mail.follow', { url: f.trackingUrl }) : null,
    `${f.organisationName}\n${t('track.mail.stop', { url: f.stopUrl })}`,
  ]
    .filter(Boolean)
    .join('\n\n')
  const html = [
    `<p>${escapeHtml(what)}</p>`,
    run[0] ? `<p><strong>${escapeHtml(run[0])}</strong>${run[1] ? `<br>${escapeHtml(run[1])}` : ''}</p>` : '',
    f.trackingUrl ? `<p><a href="${escapeHtml(f.trackingUrl)}">${escapeHtml(t('track.mail.followLink'))}</a></p>` : '',
    `<p>${escapeHtml(f.organisationName)}<br><a href="${escapeHtml(f.stopUrl)}">${escapeHtml(t('track.mail.stopLink'))}</a></p>`,
  ].join('')
  return { subject: t(`track.mail.subject.${f.stage}`, { orderNumber: f.orderNumber }), text: `${text}\n`, html }
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
