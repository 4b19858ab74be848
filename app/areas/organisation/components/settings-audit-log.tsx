// Settings → Audit log (owners and admins): who did what and when, filtered by a plain GET form so
// it works without JavaScript, with the same filters exported as CSV.
import { Form } from '@remix-run/react'
import { Download } from 'lucide-react'
import { formatDateTime } from '~/lib/format'
import { Button, buttonClasses } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { Field, SelectField } from '~/ui/field'

export type AuditLogFilter = { action: string; actor: string; from: string; to: string }
/** An audit event as the page receives it (dates arrive as text). */
type AuditRow = {
  id: string
  at: string | Date
  actor: { type: string; id: string | null; name: string | null }
  action: string
  target: { type: string; id: string | null }
  details: unknown
}

const ACTION_FAMILIES: Array<[string, string]> = [
  ['', 'All actions'],
  ['request', 'Requests'],
  ['assignment', 'Deliveries'],
  ['runner', 'Runners'],
  ['invoice', 'Invoices'],
  ['property', 'Properties'],
  ['product', 'Products'],
  ['settings', 'Settings'],
  ['member', 'Members'],
  ['user', 'Sign-ins and sessions'],
  ['api_key', 'API keys'],
]
const ACTORS: Array<[string, string]> = [
  ['', 'Anyone'],
  ['user', 'Managers'],
  ['runner', 'Runners'],
  ['vendor', 'Vendors'],
  ['api_key', 'API keys'],
  ['system', 'System'],
]

function describeDetails(details: unknown) {
  if (!details || typeof details !== 'object') return ''
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ')
}

export function exportAuditHref(filter: AuditLogFilter) {
  const params = new URLSearchParams({ format: 'csv' })
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value)
  return `/api/audit-log?${params}`
}

export function SettingsAuditLog({ events, filter, errors, timeZone }: { events: AuditRow[]; filter: AuditLogFilter; errors?: Record<string, string[] | undefined>; timeZone: string }) {
  return (
    <Card className="lg:col-span-2" aria-labelledby="audit-log-title">
      <CardHeader
        title={<span id="audit-log-title">Audit log</span>}
        description="Who did what and when in your organisation. Entries cannot be changed or removed."
        action={
          <a href={exportAuditHref(filter)} className={buttonClasses('secondary', 'sm')} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            Export CSV
          </a>
        }
      />
      <CardBody>
        <Form method="get" className="mb-4 grid gap-3 sm:grid-cols-5 sm:items-end" aria-label="Filter the audit log">
          <SelectField label="Action" name="action" defaultValue={filter.action} errors={errors?.action}>
            {ACTION_FAMILIES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Done by" name="actor" defaultValue={filter.actor} errors={errors?.actor}>
            {ACTORS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <Field label="From" name="from" type="date" defaultValue={filter.from} errors={errors?.from} />
          <Field label="To" name="to" type="date" defaultValue={filter.to} errors={errors?.to} />
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </Form>
        {events.length === 0 ? (
          <p className="text-sm text-slate-600">No events match these filters.</p>
        ) : (
          // A phone scrolls the table inside this box: a keyboard must be able to reach it too.
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Audit log table">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Audit log, newest first</caption>
              <thead className="text-xs uppercase text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    When
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Who
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Action
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Target
                  </th>
                  <th scope="col" className="py-2">
                    Details
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {events.map((e) => (
                  <tr key={e.id}>
                    <td className="whitespace-nowrap py-2 pr-3 text-slate-700">
                      <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at, timeZone)}</time>
                    </td>
                    <td className="py-2 pr-3 text-slate-900">
                      {e.actor.name ?? e.actor.type} <span className="text-slate-600">({e.actor.type})</span>
                    </td>
                    <td className="py-2 pr-3 font-mono text-xs text-slate-900">{e.action}</td>
                    <td className="py-2 pr-3 text-slate-700">{e.target.type}</td>
                    <td className="max-w-md break-words py-2 text-slate-700">{describeDetails(e.details)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardBody>
    </Card>
  )
}
