// What a requester is told of the run their request rides in (issues 30 and 34): "stop N of M", the
// arrival window on the organisation's clock and how far the runner is. One wording for the tracking
// page and the update e-mails, both from the run estimate (decision 094), never a second estimate.
import type { VendorLanguage } from '~/i18n/config'
import { vendorT } from '~/i18n/i18next.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { runProgressOfRequest } from './run-estimate.server'

export type TrackedRun = { stop: string; eta: string | null; distance: string | null }

/** The request's run, in the requester's language; null when it is in none (or its stop is done). */
export async function trackedRun(orgId: string, requestId: string, lang: VendorLanguage): Promise<TrackedRun | null> {
  const [progress, timeZone, t] = await Promise.all([runProgressOfRequest(orgId, requestId), organisationTimeZone(orgId), vendorT(lang)])
  if (!progress) return null
  const clock = (iso: string) => new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso))
  return {
    stop: t('track.runStop', { stop: progress.stop, stops: progress.stops }),
    eta: progress.etaFrom && progress.etaTo ? t('track.runEta', { from: clock(progress.etaFrom), to: clock(progress.etaTo) }) : null,
    distance: progress.runnerKm !== null ? t('track.runnerDistance', { km: progress.runnerKm }) : null,
  }
}
