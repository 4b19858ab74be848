// Settings → Integrations: API keys, webhooks and their delivery log (owners and admins only). The two
// create forms are conform + zod with the schemas the /api routes use, so a field's message reads the
// same with or without JavaScript.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { Button } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { Field, FieldErrors } from '~/ui/field'
import { API_SCOPES } from '~/areas/organisation/route-contract'
import { ApiKeyInput, WEBHOOK_EVENTS, WebhookInput } from '~/areas/integrations/integrations.schema'
import { formatDateTime } from '~/lib/format'

type Key = { id: string; name: string; prefix: string; scopes: string[]; lastUsedAt: string | null }
type Hook = { id: string; url: string; events: string[] }
type Delivery = { id: string; type: string; url: string; status: string; attempts: number; lastStatusCode: number | null; lastError: string | null; createdAt: string }
export type IntegrationsData = { keys: Key[]; webhooks: Hook[]; deliveries: Delivery[] }
export type IntegrationsResult =
  | {
      newKey?: { name: string; key: string }
      newSecret?: { url: string; secret: string }
      keyForm?: SubmissionResult<string[]>
      webhookForm?: SubmissionResult<string[]>
      error?: string
    }
  | undefined

const whenIn = (timeZone: string) => (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : 'Never')

function ShownOnce({ label, value }: { label: string; value: string }) {
  return (
    <div role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
      <p className="font-medium">{label} — copy it now, it will not be shown again.</p>
      <code className="mt-1 block break-all">{value}</code>
    </div>
  )
}

export function SettingsIntegrations({ data, result, timeZone }: { data: IntegrationsData; result: IntegrationsResult; timeZone: string }) {
  const when = whenIn(timeZone)
  return (
    <Card>
      <CardHeader title="Integrations" description="API keys and webhooks for your other tools. Owners and admins only. The API reference is at /api/openapi.json." />
      <CardBody className="space-y-6">
        {result?.error ? (
          <p role="alert" className="text-sm text-red-700">
            {result.error}
          </p>
        ) : null}
        <section aria-labelledby="api-keys-heading">
          <h3 id="api-keys-heading" className="font-semibold text-slate-900">API keys</h3>
          {result?.newKey ? <ShownOnce label={`Key “${result.newKey.name}”`} value={result.newKey.key} /> : null}
          <ul className="my-2 divide-y text-sm">
            {data.keys.map((k) => (
              <li key={k.id} className="flex items-center justify-between gap-4 py-2">
                <span>
                  <strong>{k.name}</strong> <code>{k.prefix}…</code> · {k.scopes.join(', ')} · last used {when(k.lastUsedAt)}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="integrations-revoke-key" />
                  <input type="hidden" name="id" value={k.id} />
                  <Button type="submit" variant="secondary" aria-label={`Revoke key ${k.name}`}>Revoke</Button>
                </Form>
              </li>
            ))}
          </ul>
          <CreateKeyForm lastResult={result?.keyForm} />
        </section>
        <section aria-labelledby="webhooks-heading">
          <h3 id="webhooks-heading" className="font-semibold text-slate-900">Webhooks</h3>
          {result?.newSecret ? <ShownOnce label={`Signing secret for ${result.newSecret.url}`} value={result.newSecret.secret} /> : null}
          <ul className="my-2 divide-y text-sm">
            {data.webhooks.map((h) => (
              <li key={h.id} className="flex items-center justify-between gap-4 py-2">
                <span className="break-all">
                  {h.url} · {h.events.join(', ')}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="integrations-delete-webhook" />
                  <input type="hidden" name="id" value={h.id} />
                  <Button type="submit" variant="secondary" aria-label={`Remove webhook ${h.url}`}>Remove</Button>
                </Form>
              </li>
            ))}
          </ul>
          <AddWebhookForm lastResult={result?.webhookForm} />
        </section>
        <section aria-labelledby="deliveries-heading">
          <h3 id="deliveries-heading" className="font-semibold text-slate-900">Recent deliveries</h3>
          {data.deliveries.length === 0 ? (
            <p className="text-sm text-slate-600">No deliveries yet.</p>
          ) : (
            <table className="mt-2 w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Status</th>
                  <th scope="col">Response</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.deliveries.map((d) => (
                  <tr key={d.id}>
                    <td>{d.type}</td>
                    <td>{when(d.createdAt)}</td>
                    <td>
                      {d.status} ({d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'})
                    </td>
                    <td>{d.lastStatusCode ?? d.lastError ?? '—'}</td>
                    <td>
                      <Form method="post">
                        <input type="hidden" name="intent" value="integrations-resend" />
                        <input type="hidden" name="id" value={d.id} />
                        <Button type="submit" variant="secondary" aria-label={`Send ${d.type} again`}>Send again</Button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </CardBody>
    </Card>
  )
}

/** Checkboxes sharing one name; their message is tied to the group. */
function Choices({ legend, name, options, errors, errorId, chosen }: { legend: string; name: string; options: readonly string[]; errors?: string[]; errorId: string; chosen: string[] }) {
  return (
    <fieldset aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="mr-4 inline-flex items-center gap-1 text-sm">
          <input type="checkbox" name={name} value={option} defaultChecked={chosen.includes(option)} /> {option}
        </label>
      ))}
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  )
}

const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [])

function CreateKeyForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: 'create-api-key',
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ApiKeyInput }),
  })
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="integrations-create-key" />
      <Field id="api-key-name" label="Key name" name={fields.name.name} defaultValue={fields.name.initialValue as string | undefined} errors={fields.name.errors} maxLength={100} autoComplete="off" />
      <Choices legend="Scopes" name={fields.scopes.name} options={API_SCOPES} errors={fields.scopes.errors} errorId="api-key-scopes-error" chosen={asList(fields.scopes.initialValue)} />
      <Button type="submit">Create API key</Button>
    </Form>
  )
}

function AddWebhookForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: 'add-webhook',
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WebhookInput }),
  })
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="integrations-create-webhook" />
      <Field id="webhook-url" label="Webhook URL" name={fields.url.name} type="url" defaultValue={fields.url.initialValue as string | undefined} errors={fields.url.errors} autoComplete="off" />
      <Choices legend="Events" name={fields.events.name} options={WEBHOOK_EVENTS} errors={fields.events.errors} errorId="webhook-events-error" chosen={asList(fields.events.initialValue)} />
      <Button type="submit">Add webhook</Button>
    </Form>
  )
}
