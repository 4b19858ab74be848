// A vendor follows their request from the link on the success screen: no account, the unguessable
// token is the key. Shown in the language the request was made in (or ?lang=), fetched again when its
// live stream (GET /api/track/:token/events) says something changed, and every 30 s for the runner's distance.
import { parseWithZod } from '@conform-to/zod/v4'
import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { RequesterNotifyForm } from '~/areas/deliveries/components/requester-notify-form'
import { listenToRequest, listeningAddresses, RequesterContactInput } from '~/areas/deliveries/requester-updates.server'
import { Check } from 'lucide-react'
import { useHydrated } from '~/areas/requests/components/vendor-cart'
import { VendorHeader, VendorMain, VendorNotFound } from '~/areas/requests/components/vendor-header'
import { cn } from '~/ui/cn'
import { isVendorLanguage, type VendorLanguage } from '~/i18n/config'
import { messagesFor, vendorLanguage, vendorT } from '~/i18n/i18next.server'
import { VendorI18nProvider, useVendorT } from '~/i18n/provider'
import { NotFound } from '~/lib/errors'
import { usePolling } from '~/lib/use-polling'
import { handoverCodeFor } from '~/areas/requests/handover.server'
import { findTrackedRequest, type TrackingStage } from '~/areas/requests/request-intake.server'
import { HandoverCodeBox } from '~/areas/requests/components/handover-code-box'
import { trackedRun } from '~/areas/deliveries/tracked-run.server'
import { storefrontRequestFields } from '~/areas/requests/request-fields.server'
import { labelIn, type FieldAnswer, type RequestField } from '~/areas/requests/request-fields.schema'
import { Badge } from '~/ui/badge'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { latestActivitySeq } from '~/areas/outbox/activity-event.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['tracking-token'], methods: ['GET', 'HEAD', 'POST'] }

export async function loader({ request, params }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get('lang')
  let tracked
  try {
    tracked = await findTrackedRequest(params.token!)
  } catch (err) {
    if (!(err instanceof NotFound)) throw err
    const lang = isVendorLanguage(asked) ? asked : await vendorLanguage(request)
    const t = await vendorT(lang)
    return json({ lang, messages: messagesFor(lang), title: t('meta.trackNotFound'), tracked: null }, { status: 404 })
  }
  const lang: VendorLanguage = isVendorLanguage(asked) ? asked : isVendorLanguage(tracked.language) ? tracked.language : await vendorLanguage(request)
  const t = await vendorT(lang)
  // Issue 30: a stop of a run says which, and when to expect the runner, in the organisation's clock.
  const underway = tracked.stage === 'assigned' || tracked.stage === 'on_the_way'
  const settled = tracked.stage === 'delivered' || tracked.stage === 'closed'
  const [run, timeZone, since, listening, questions] = await Promise.all([
    underway ? trackedRun(tracked.organisationId, tracked.id, lang) : null,
    organisationTimeZone(tracked.organisationId),
    // Where the live stream starts listening: a change after this read reaches the page.
    settled ? null : latestActivitySeq(),
    settled ? ([] as string[]) : listeningAddresses(tracked.id),
    tracked.fieldAnswers.length && tracked.property ? storefrontRequestFields(tracked.property.id) : ([] as RequestField[]),
  ])
  // Issue 34: dates on the organisation's clock, in the vendor's language.
  const yesNo = { yes: t('track.answerYes'), no: t('track.answerNo') }
  const when = (date: Date) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date)
  return json({
    lang,
    messages: messagesFor(lang),
    title: t('meta.track', { orderNumber: tracked.orderNumber }),
    tracked: {
      orderNumber: tracked.orderNumber,
      vendorName: tracked.vendorName,
      stage: tracked.stage,
      urgent: tracked.urgent,
      neededBy: tracked.neededBy ? { iso: tracked.neededBy.toISOString(), text: when(tracked.neededBy) } : null,
      deliveredAt: tracked.stage === 'delivered' && tracked.deliveredAt ? { iso: tracked.deliveredAt.toISOString(), text: when(tracked.deliveredAt) } : null,
      answers: tracked.fieldAnswers.map((a) => answerIn(a, questions, lang, yesNo)),
      listening,
      // Shown until the delivery is done; only requests sent by a vendor have one.
      handoverCode: tracked.hasHandoverCode && tracked.stage !== 'delivered' && tracked.stage !== 'closed' ? handoverCodeFor(params.token!) : null,
      handoverRequired: tracked.handoverRequired,
      run,
      live: since === null ? null : `/api/track/${encodeURIComponent(params.token!)}/events?since=${since}`,
      items: tracked.items,
      // The tracking link is the submitter's alone, so their own photos may show here (issue 29).
      photos: tracked.photos,
      property: tracked.property ? { id: tracked.property.id, name: tracked.property.name, address: tracked.property.address, active: tracked.property.isActive } : null,
    },
  })
}

/**
 * An answer in the vendor's language: the question's label and a chosen option's as the property
 * words them now when it still asks the same question, else as they were asked (stored in English).
 */
function answerIn(answer: FieldAnswer, questions: RequestField[], lang: VendorLanguage, yesNo: { yes: string; no: string }) {
  const question = questions.find((q) => q.key === answer.key && q.type === answer.type)
  const option = answer.type === 'select' ? question?.options?.find((o) => o.value === answer.value) : undefined
  const text = answer.type === 'checkbox' ? (answer.value ? yesNo.yes : yesNo.no) : option ? labelIn(option.labels, lang) : answer.text
  return { key: answer.key, label: question ? labelIn(question.labels, lang) : answer.label, text }
}

/** The vendor asks to hear back: saved, then back to the page (works without JavaScript). */
export async function action({ request, params }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: RequesterContactInput })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  try {
    await listenToRequest(params.token!, submission.value)
  } catch (err) {
    if (err instanceof NotFound) throw new Response('Not found', { status: 404 })
    throw err
  }
  const url = new URL(request.url)
  url.searchParams.set('notify', 'saved')
  return redirect(url.pathname + url.search)
}

// The token is the only key: keep the page out of caches and search engines.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' })

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Stockrun' }, { name: 'robots', content: 'noindex' }]

/** Painted from one HTML answer on a slow phone, enhanced without React (decision 040). */
export const handle = { hydrate: false }

export default function TrackRequestRoute() {
  const data = useLoaderData<typeof loader>()
  return (
    <VendorI18nProvider lang={data.lang} messages={data.messages}>
      {data.tracked ? <Tracking tracked={data.tracked} lang={data.lang} /> : <TrackingNotFound />}
    </VendorI18nProvider>
  )
}

function TrackingNotFound() {
  const t = useVendorT()
  return <VendorNotFound title={t('track.notFoundTitle')} message={t('track.notFound')} />
}

const PATH: TrackingStage[] = ['received', 'assigned', 'on_the_way', 'delivered']

type Tracked = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['tracked']>

function Tracking({ tracked, lang }: { tracked: Tracked; lang: VendorLanguage }) {
  const t = useVendorT()
  const location = useLocation()
  // Only a page running its script refreshes itself; without one the link below does it.
  const hydrated = useHydrated()
  usePolling(30_000, tracked.stage !== 'delivered' && tracked.stage !== 'closed')
  const steps: TrackingStage[] = tracked.stage === 'closed' ? ['received', 'closed'] : PATH
  const reached = steps.indexOf(tracked.stage)
  const settled = tracked.stage === 'delivered' || tracked.stage === 'closed'
  return (
    <div className="min-h-full bg-slate-50" data-enhance data-refresh-ms={settled ? undefined : 30_000} data-live-src={tracked.live ?? undefined}>
      {tracked.property ? <VendorHeader property={tracked.property} lang={lang} /> : null}
      <VendorMain className="space-y-5">
        <section aria-labelledby="track-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="track-title" className="flex flex-wrap items-center gap-2 text-xl font-semibold text-slate-900">
            {t('track.heading', { orderNumber: tracked.orderNumber })}
            {tracked.urgent ? (
              <Badge tone="red" className="font-semibold">
                {t('track.urgent')}
              </Badge>
            ) : null}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {t('track.intro', { name: tracked.vendorName, property: tracked.property?.name ?? '' })}
          </p>
          {tracked.neededBy ? (
            <p className="mt-1 text-sm text-slate-900" data-testid="tracking-needed-by">
              {`${t('track.neededBy')} `}<time dateTime={tracked.neededBy.iso}>{tracked.neededBy.text}</time>
            </p>
          ) : null}
          <h3 className="mt-5 text-sm font-semibold uppercase tracking-wide text-slate-600">{t('track.statusHeading')}</h3>
          <p className="mt-1 text-lg font-medium text-slate-900" data-testid="tracking-status" aria-live="polite">
            {t(`track.messages.${tracked.stage}`)}
          </p>
          {tracked.deliveredAt ? (
            <p className="mt-1 text-sm text-slate-700" data-testid="tracking-delivered-at">
              {`${t('track.deliveredAt')} `}<time dateTime={tracked.deliveredAt.iso}>{tracked.deliveredAt.text}</time>
            </p>
          ) : null}
          {tracked.run ? (
            <div className="mt-2 rounded-md bg-brand-50 p-3 text-sm text-slate-900" data-testid="tracking-run">
              <p className="font-medium">{tracked.run.stop}</p>
              {tracked.run.eta ? <p>{tracked.run.eta}</p> : null}
              {tracked.run.distance ? <p>{tracked.run.distance}</p> : null}
            </div>
          ) : null}
          <ol className="mt-4 space-y-3">
            {steps.map((step, i) => {
              const done = i < reached || (i === reached && (step === 'delivered' || step === 'closed'))
              const current = i === reached
              return (
                <li key={step} className="flex items-center gap-3" aria-current={current ? 'step' : undefined}>
                  <span
                    className={cn(
                      'grid h-8 w-8 shrink-0 place-items-center rounded-full border-2 text-sm font-semibold',
                      done ? 'border-green-600 bg-green-600 text-white' : current ? 'border-brand-600 text-brand-600' : 'border-slate-300 text-slate-500',
                    )}
                    aria-hidden="true"
                  >
                    {done ? <Check className="h-4 w-4" /> : i + 1}
                  </span>
                  <span className={cn('text-sm', current ? 'font-semibold text-slate-900' : 'text-slate-600')}>
                    {t(`track.stages.${step}`)}
                    {done || current ? <span className="sr-only"> ({current ? t('track.stepCurrent') : t('track.stepDone')})</span> : null}
                  </span>
                </li>
              )
            })}
          </ol>
          {tracked.handoverCode ? <HandoverCodeBox code={tracked.handoverCode} label={t('track.handoverCode')} hint={t(tracked.handoverRequired ? 'track.handoverHint' : 'track.handoverHintOptional')} /> : null}
        </section>
        <section aria-labelledby="track-items" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h3 id="track-items" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            {t('track.itemsHeading')}
          </h3>
          <ul className="mt-2 divide-y divide-slate-100">
            {tracked.items.map((item) => (
              <li key={item.productName} className="flex justify-between gap-3 py-2 text-sm">
                <span className="text-slate-900">{item.productName}</span>
                <span className="font-medium tabular-nums text-slate-700">× {item.quantity}</span>
              </li>
            ))}
          </ul>
        </section>
        {tracked.answers.length > 0 ? (
          <section aria-labelledby="track-answers" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h3 id="track-answers" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
              {t('track.answersHeading')}
            </h3>
            <dl className="mt-2 divide-y divide-slate-100 text-sm">
              {tracked.answers.map((a) => (
                <div key={a.key} className="flex flex-wrap justify-between gap-x-3 py-2">
                  <dt className="text-slate-600">{a.label}</dt>
                  <dd className="break-words font-medium text-slate-900">{a.text}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        {tracked.photos.length > 0 ? (
          <section aria-labelledby="track-photos" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h3 id="track-photos" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
              {t('track.photos')}
            </h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {tracked.photos.map((p, i) => (
                <li key={p.imageUrl}>
                  <img src={p.thumbnailUrl} alt={`${t('track.photos')} ${i + 1}`} className="h-20 w-20 rounded border border-slate-200 object-cover" />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {tracked.stage !== 'delivered' && tracked.stage !== 'closed' ? <NotifySection listening={tracked.listening} /> : null}
        <div className="flex flex-col gap-3 text-sm">
          {hydrated ? <p className="text-slate-600">{t('track.autoRefresh')}</p> : null}
          <Link to={location.pathname + location.search} className="font-medium text-brand-600 underline">
            {t('track.refresh')}
          </Link>
          {tracked.property?.active ? (
            <Link to={`/vendor/${tracked.property.id}/request?lang=${lang}`} className="font-medium text-brand-600 underline">
              {t('track.requestMore')}
            </Link>
          ) : null}
        </div>
      </VendorMain>
    </div>
  )
}

function NotifySection({ listening }: { listening: string[] }) {
  const t = useVendorT()
  const actionData = useActionData<typeof action>()
  const location = useLocation()
  const saved = new URLSearchParams(location.search).get('notify') === 'saved'
  return (
    <RequesterNotifyForm
      lastResult={actionData?.result}
      saved={saved}
      text={{
        heading: t('track.notify.heading'),
        intro: t('track.notify.intro'),
        email: t('track.notify.email'),
        phone: t('track.notify.phone'),
        submit: t('track.notify.submit'),
        saved: t('track.notify.saved'),
        listening: listening.length ? t('track.notify.listening', { addresses: listening.join(', ') }) : null,
      }}
    />
  )
}
