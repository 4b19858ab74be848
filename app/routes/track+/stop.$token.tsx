// The stop link in every message to a vendor. Opening it only asks (a GET never writes: it may be
// answered by a LiteFS replica, and mail scanners open links); the one button stops the messages.
// E-mails also carry List-Unsubscribe + List-Unsubscribe-Post (RFC 8058), so a mail client's own
// "Unsubscribe" posts `List-Unsubscribe=One-Click` here directly: the same POST as the button's.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { Button } from '~/ui/button'
import { VendorMain } from '~/areas/requests/components/vendor-header'
import { isVendorLanguage } from '~/i18n/config'
import { messagesFor, vendorLanguage } from '~/i18n/i18next.server'
import { VendorI18nProvider, useVendorT } from '~/i18n/provider'
import { NotFound } from '~/lib/errors'
import { findRequesterSubscription, stopRequesterMessages } from '~/areas/deliveries/requester-updates.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['tracking-token'], methods: ['GET', 'HEAD', 'POST'] }

export const meta: MetaFunction = () => [{ title: 'Stockrun' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get('lang')
  const lang = isVendorLanguage(asked) ? asked : await vendorLanguage(request)
  const subscription = await findRequesterSubscription(params.token!)
  return json(
    { lang, messages: messagesFor(lang), orderNumber: subscription?.request.orderNumber ?? null, stopped: Boolean(subscription?.stoppedAt) },
    { status: subscription ? 200 : 404, headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } },
  )
}

export async function action({ params }: ActionFunctionArgs) {
  try {
    await stopRequesterMessages(params.token!)
  } catch (err) {
    if (err instanceof NotFound) throw new Response('Not found', { status: 404 })
    throw err
  }
  return json({ done: true })
}

export default function StopMessages() {
  const data = useLoaderData<typeof loader>()
  return (
    <VendorI18nProvider lang={data.lang} messages={data.messages}>
      <StopBody orderNumber={data.orderNumber} stopped={data.stopped} />
    </VendorI18nProvider>
  )
}

function StopBody({ orderNumber, stopped }: { orderNumber: string | null; stopped: boolean }) {
  const t = useVendorT()
  return (
    <div className="min-h-full bg-slate-50">
      <VendorMain>
        <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="stop-title">
          <h1 id="stop-title" className="text-xl font-semibold text-slate-900">
            {t('track.stop.title')}
          </h1>
          {!orderNumber ? (
            <p className="mt-2 text-sm text-slate-600">{t('track.stop.invalid')}</p>
          ) : stopped ? (
            <p className="mt-2 text-sm text-slate-700" role="status" data-testid="stop-done">
              {t('track.stop.done')}
            </p>
          ) : (
            <Form method="post" className="mt-3 space-y-3">
              <p className="text-sm text-slate-700">{t('track.stop.confirm', { orderNumber })}</p>
              <Button type="submit" name="List-Unsubscribe" value="One-Click" className="h-11 w-full sm:w-auto">
                {t('track.stop.button')}
              </Button>
            </Form>
          )}
        </section>
      </VendorMain>
    </div>
  )
}
