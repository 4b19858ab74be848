// /welcome: the first-run step (issue 34). A first sign-in that creates an organisation lands here:
// the owner names it, sets its clock and where runs start, then goes on (the dashboard, or the page
// they first asked for). The zone is the browser's when it sent one; without one the page asks, and
// never presents UTC as chosen. "Skip for now" keeps what the organisation has and says so.
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { BrandedPanel } from '~/ui/branded-panel'
import { Button } from '~/ui/button'
import { Field, SelectField } from '~/ui/field'
import { listedTimeZone, timeZoneNames } from '~/lib/time-zones'
import { redirectWithToast } from '~/lib/toast.server'
import { completeFirstRun, firstRunView, FirstRunInput, skipFirstRun } from '~/areas/people/first-run.server'
import { requirePermissionOnPage } from '~/areas/organisation/permissions'
import { requireManager, safeRedirect } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['member-needs-owner/admin'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['save', 'skip'],
  permission: 'organisation',
}

export const meta: MetaFunction = () => [{ title: 'Set up your organisation · Stockrun' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  requirePermissionOnPage(manager, 'organisation')
  return json({ ...(await firstRunView(manager.orgId)), timeZones: timeZoneNames(), redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '/') })
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  requirePermissionOnPage(manager, 'organisation')
  const next = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '/')
  const formData = await request.formData()
  if (formData.get('intent') === 'skip') {
    await skipFirstRun(manager, manager.orgId)
    return redirectWithToast(next, { title: 'Set up later', description: 'Name, time zone and depot are under Settings whenever you are ready.', variant: 'info' })
  }
  formData.delete('intent')
  const submission = parseWithZod(formData, { schema: FirstRunInput })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const saved = await completeFirstRun(manager, manager.orgId, submission.value)
  return redirectWithToast(next, { title: `${saved.name} is set up`, description: `Every date and time reads in ${saved.timeZone}.` })
}

const zoneLabel = (zone: string) => zone.replace(/_/g, ' ')

export default function Welcome() {
  const data = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()?.result
  const errors = refused?.error
  // Without JavaScript a refused save draws the page anew: keep what was typed.
  const typed = (field: 'name' | 'depotAddress') => {
    const value = (refused?.initialValue as Record<string, unknown> | undefined)?.[field]
    return typeof value === 'string' ? value : (data[field] ?? '')
  }
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  // The zone the browser sent at sign-up; else, with JavaScript, this browser's own (still shown as
  // a choice to confirm). Without JavaScript nothing is picked: the owner chooses.
  const typedZone = (refused?.initialValue as Record<string, unknown> | undefined)?.timeZone
  const [zone, setZone] = useState(typeof typedZone === 'string' ? typedZone : (data.timeZone ?? ''))
  const [fromThisBrowser, setFromThisBrowser] = useState(false)
  useEffect(() => {
    if (data.timeZone) return
    const mine = listedTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone)
    if (mine) {
      setZone((chosen) => chosen || mine)
      setFromThisBrowser(true)
    }
  }, [data.timeZone])
  const zoneHint = data.timeZone
    ? 'Taken from your browser when you signed up. Every date in Stockrun, its PDFs and e-mails reads in this zone.'
    : fromThisBrowser
      ? "This browser's time zone. Every date in Stockrun, its PDFs and e-mails reads in this zone."
      : 'Stockrun could not tell your time zone: choose the one your team works in. Every date, PDF and e-mail reads in it.'
  return (
    <BrandedPanel wide>
      <h1 className="text-xl font-semibold">Set up your organisation</h1>
      <p className="mt-1 text-sm text-slate-600">Three things so invoices, e-mails and times are right from the first day. You can change them later in Settings.</p>
      <Form method="post" className="mt-6 space-y-4">
        <Field
          label="Organisation name"
          name="name"
          defaultValue={typed('name')}
          required
          maxLength={100}
          autoComplete="organization"
          errors={errors?.name}
          hint="Shown on invoices, e-mails, QR sheets and to your team."
        />
        <SelectField label="Time zone" name="timeZone" value={zone} onChange={(e) => setZone(e.currentTarget.value)} required errors={errors?.timeZone} hint={zoneHint}>
          {zone === '' ? (
            <option value="" disabled>
              Choose a time zone…
            </option>
          ) : null}
          {data.timeZones.map((z) => (
            <option key={z} value={z}>
              {zoneLabel(z)}
            </option>
          ))}
        </SelectField>
        <Field
          label="Depot address (optional)"
          name="depotAddress"
          defaultValue={typed('depotAddress')}
          maxLength={500}
          autoComplete="street-address"
          errors={errors?.depotAddress}
          hint="Where runs start when a runner has not shared a position."
        />
        <div className="flex flex-wrap items-center gap-3 pt-2">
          <Button type="submit" name="intent" value="save" pending={saving} pendingLabel="Saving...">
            Save and continue
          </Button>
          <Button type="submit" name="intent" value="skip" variant="secondary" formNoValidate>
            Skip for now
          </Button>
        </div>
        {data.timeZone || data.done ? null : <p className="text-xs text-slate-600">Skipping keeps times in UTC until you choose a time zone in Settings.</p>}
      </Form>
    </BrandedPanel>
  )
}
