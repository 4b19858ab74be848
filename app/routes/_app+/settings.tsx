import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useFetcher, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { useNotificationSound } from '~/areas/outbox/components/notification-sound'
import { SettingsAuditLog } from '~/areas/organisation/components/settings-audit-log'
import { SIGN_OUT_EVERYWHERE, SettingsSessions } from '~/areas/people/components/settings-sessions'
import { auditLogSection } from '~/areas/organisation/audit-log.server'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { SettingsHandover } from '~/areas/requests/components/settings-handover'
import { Button } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { Field } from '~/ui/field'
import { Switch } from '~/ui/switch'
import { useSendEarlyChanges } from '~/ui/use-early-changes'
import { PreferencesInput, SystemSettingsInput } from '~/areas/organisation/settings.schema'
import { redirectWithToast } from '~/lib/toast.server'
import { getPreferences, getSystemSettings, updatePreferences, updateSystemSettings, type UserPreferences } from '~/areas/organisation/settings.server'
import { displayName } from '~/areas/people/user.server'
import { endAllManagerSessions, requireManager } from '~/areas/people/auth.server'
import { SettingsRuns } from '~/areas/deliveries/components/settings-runs'
import { organisationSettingsView, OrganisationSettingsInput, updateOrganisationSettings } from '~/areas/organisation/organisation-settings.server'
import { SettingsIntegrations, type IntegrationsData, type IntegrationsResult } from '~/areas/integrations/components/settings-integrations'
import { integrationsAction, integrationsView } from '~/areas/integrations/integration-settings.server'
import { useStickyActionData } from '~/lib/use-sticky-action-data'
import { withOperator } from '~/areas/people/operator.server'
import { permissionsOf, requirePermissionOnPage } from '~/areas/organisation/permissions'
import { timeZoneNames } from '~/lib/time-zones'
import { SAVE_IDENTITY, SettingsIdentity } from '~/areas/organisation/components/settings-identity'
import { Invalid, TooLarge } from '~/lib/errors'
import { readMultipartForm } from '~/lib/multipart.server'
import { MAX_UPLOAD_BYTES } from '~/lib/images.server'
import { saveIdentityFromForm } from '~/areas/organisation/organisation-identity-form.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['preferences', 'system', 'organisation', 'organisation-identity', 'integrations-create-key', 'integrations-revoke-key', 'integrations-create-webhook', 'integrations-delete-webhook', 'integrations-resend'],
  permission: 'work',
  intentPermissions: {
    system: 'system',
    organisation: 'organisation',
    'organisation-identity': 'organisation',
    'integrations-create-key': 'integrations',
    'integrations-revoke-key': 'integrations',
    'integrations-create-webhook': 'integrations',
    'integrations-delete-webhook': 'integrations',
    'integrations-resend': 'integrations',
  },
}

export const meta: MetaFunction = () => [{ title: 'Settings · Stockrun' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await withOperator(await requireManager(request))
  const may = permissionsOf(manager)
  return json({
    account: {
      username: displayName(manager),
      email: manager.email,
      role: manager.role,
      organisationName: manager.organisationName,
    },
    preferences: await getPreferences(manager.userId),
    system: may.system ? await getSystemSettings() : null,
    audit: await auditLogSection(manager, new URL(request.url).searchParams),
    organisation: { ...(await organisationSettingsView(manager.orgId)), timeZones: timeZoneNames(), canChange: may.organisation },
    integrations: await integrationsView(manager),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  // Multipart for the organisation's logo (issue 34); the other forms post url-encoded, read the same way.
  let formData: FormData
  try {
    formData = await readMultipartForm(request, { maxFileBytes: MAX_UPLOAD_BYTES })
  } catch (err) {
    // A body that is no form, or a logo over the limit: back to the page with what went wrong, never a 500.
    if (err instanceof TooLarge || err instanceof Invalid) return redirectWithToast('/settings', { title: 'Update Failed', description: err.message, variant: 'error' })
    throw err
  }
  const intent = formData.get('intent')
  formData.delete('intent')
  if (intent === SIGN_OUT_EVERYWHERE) return endAllManagerSessions(request, manager.userId)
  // A refused intent is a 403 before its form is read; the page never offers it to that role.
  if (intent === 'organisation') {
    requirePermissionOnPage(manager, 'organisation')
    const submission = parseWithZod(formData, { schema: OrganisationSettingsInput })
    if (submission.status !== 'success') return json({ organisation: submission.reply() }, { status: 400 })
    const saved = await updateOrganisationSettings(manager, manager.orgId, submission.value)
    if (submission.value.averageSpeedKmh !== undefined) {
      const overdue = saved.overdueAfterMinutes ? `Orders pending over ${saved.overdueAfterMinutes} min are flagged overdue.` : 'Overdue alerts are off.'
      return redirectWithToast('/settings', { title: 'Run Settings Updated', description: `${saved.averageSpeedKmh} km/h, ${saved.minutesPerStop} min per stop. ${overdue}` })
    }
    const code = saved.requireHandoverCode ? 'Runners now need the handover code.' : 'The handover code is optional.'
    return redirectWithToast('/settings', { title: 'Organisation Settings Updated', description: `${code} Times read in ${saved.timeZone}.` })
  }
  if (intent === SAVE_IDENTITY) {
    requirePermissionOnPage(manager, 'organisation')
    const saved = await saveIdentityFromForm(manager, formData)
    if (!saved.ok) return json({ identity: saved.reply }, { status: 400 })
    return redirectWithToast('/settings', { title: 'Organisation Saved', description: `${saved.name} now appears on invoices, e-mails and QR sheets.` })
  }
  if (typeof intent === 'string' && intent.startsWith('integrations-')) {
    requirePermissionOnPage(manager, 'integrations')
    return integrationsAction(manager, intent, formData)
  }
  if (intent === 'system') {
    const operator = await withOperator(manager)
    requirePermissionOnPage(operator, 'system')
    const submission = parseWithZod(formData, { schema: SystemSettingsInput })
    if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
    const saved = await updateSystemSettings(operator, submission.value)
    return redirectWithToast('/settings', { title: 'System Settings Updated', description: saved.message })
  }
  const submission = parseWithZod(formData, { schema: PreferencesInput })
  const phoneErrors = submission.status === 'error' ? submission.error?.smsPhone : undefined
  if (phoneErrors?.length) return json({ phoneErrors }, { status: 400 })
  if (submission.status !== 'success') {
    return redirectWithToast('/settings', {
      title: 'Update Failed',
      description: 'Failed to update settings. Please try again.',
      variant: 'error',
    })
  }
  await updatePreferences(manager.userId, submission.value)
  return redirectWithToast('/settings', { title: 'Settings Updated', description: 'Your preferences have been saved successfully.' })
}

function InfoRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      {/* A long e-mail address wraps instead of widening the page past a phone's screen. */}
      <dd className="min-w-0 text-right font-medium text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
    </div>
  )
}

export default function SettingsPage() {
  const { account, preferences, system, audit, organisation, integrations } = useLoaderData<typeof loader>()
  const actionData = useStickyActionData<SerializeFrom<typeof action>>()
  return (
    <>
      <PageHeader title="Settings" description="Your account, notification preferences and system options" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Account Information" />
          <CardBody>
            <dl className="divide-y divide-slate-100">
              <InfoRow label="Username" value={account.username || 'Not logged in'} />
              <InfoRow label="Email" value={account.email || 'Not available'} />
              <InfoRow label="Role" value={account.role || 'None'} />
              <InfoRow label="Organisation" value={account.organisationName || 'Unknown'} />
            </dl>
            <Link to="/team" className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
              Team members and invitations
            </Link>
          </CardBody>
        </Card>
        <SettingsIdentity
          identity={organisation}
          canChange={organisation.canChange}
          lastResult={(actionData as { identity?: { error?: Record<string, string[] | null> } } | undefined)?.identity}
        />
        <PreferencesCard preferences={preferences} />
        {system ? <SystemCard registrationEnabled={system.registration_enabled} /> : null}
        <SettingsSessions />
        {audit ? <SettingsAuditLog {...audit} /> : null}
        <SettingsHandover
          requireHandoverCode={organisation.requireHandoverCode}
          timeZone={organisation.timeZone}
          timeZones={organisation.timeZones}
          canChange={organisation.canChange}
          errors={(actionData as { organisation?: { error?: Record<string, string[] | null> } } | undefined)?.organisation?.error}
        />
        <SettingsRuns
          depotAddress={organisation.depotAddress}
          averageSpeedKmh={organisation.averageSpeedKmh}
          minutesPerStop={organisation.minutesPerStop}
          overdueAfterMinutes={organisation.overdueAfterMinutes}
          canChange={organisation.canChange}
          errors={(actionData as { organisation?: { error?: Record<string, string[] | null> } } | undefined)?.organisation?.error}
        />
        {integrations ? <SettingsIntegrations timeZone={organisation.timeZone} data={integrations as unknown as IntegrationsData} result={(actionData as { integrations?: IntegrationsResult } | undefined)?.integrations} /> : null}
      </div>
    </>
  )
}

function PreferencesCard({ preferences }: { preferences: UserPreferences }) {
  // With JavaScript the form posts through the fetcher; without it, as a page (action data).
  const fetcher = useFetcher<typeof action>()
  const actionData = useActionData<typeof action>()
  const answer = fetcher.data ?? actionData
  const phoneErrors = answer && 'phoneErrors' in answer ? answer.phoneErrors : undefined
  const sound = useNotificationSound()
  const [soundsOn, setSoundsOn] = useState(preferences.notificationSoundsEnabled)
  const [form] = useForm({ id: 'preferences' })
  const early = useSendEarlyChanges((changed) => {
    const sounds = changed.querySelector<HTMLInputElement>('input[type=checkbox][name=notificationSoundsEnabled]')
    if (sounds) setSoundsOn(sounds.checked)
    fetcher.submit(changed)
  })
  return (
    <Card>
      <CardHeader title="Notification Preferences" description="Changes save as soon as you flip a switch." />
      <CardBody>
        <fetcher.Form
          ref={early}
          method="post"
          {...getFormProps(form)}
          onChange={(e) => {
            const target = e.target as HTMLInputElement
            if (target.name === 'notificationSoundsEnabled') setSoundsOn(target.checked)
            fetcher.submit(e.currentTarget)
          }}
        >
          <input type="hidden" name="intent" value="preferences" />
          <Switch name="notificationSoundsEnabled" label="Sound notifications" description="Play a sound when new notifications arrive" defaultChecked={preferences.notificationSoundsEnabled} />
          <Switch name="emailNotifications" label="Email notifications" description="Receive updates by e-mail" defaultChecked={preferences.emailNotifications} />
          <Switch name="smsNotifications" label="SMS notifications" description="Receive text messages for new requests" defaultChecked={preferences.smsNotifications} />
          <Field
            className="mt-2"
            label="Phone for SMS"
            name="smsPhone"
            type="tel"
            autoComplete="tel"
            placeholder="+1 212 555 0100"
            defaultValue={preferences.smsPhone ?? ''}
            hint={preferences.smsNotifications && !preferences.smsPhone ? 'Add a number to receive texts about new requests.' : 'Texts about new requests go to this number.'}
            errors={phoneErrors}
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <noscript>
              <Button type="submit">Save preferences</Button>
            </noscript>
            {soundsOn ? (
              <Button variant="secondary" onClick={() => sound.play()}>
                Test Sound
              </Button>
            ) : null}
          </div>
        </fetcher.Form>
      </CardBody>
    </Card>
  )
}

function SystemCard({ registrationEnabled }: { registrationEnabled: boolean }) {
  const fetcher = useFetcher()
  const actionData = useActionData<typeof action>()
  const early = useSendEarlyChanges((changed) => fetcher.submit(changed))
  return (
    <Card>
      <CardHeader title="System Administration" description="Settings for the whole deployment, shown to the owners and admins of the organisation that runs it." />
      <CardBody>
        <Form ref={early} method="post" onChange={(e) => fetcher.submit(e.currentTarget)} aria-describedby={actionData ? 'system-error' : undefined}>
          <input type="hidden" name="intent" value="system" />
          <Switch
            name="registration_enabled"
            label="Allow New Organization Registration"
            description="When off, people who are not yet members cannot sign up."
            defaultChecked={registrationEnabled}
          />
          <noscript>
            <Button type="submit" className="mt-3">
              Save system settings
            </Button>
          </noscript>
        </Form>
      </CardBody>
    </Card>
  )
}
