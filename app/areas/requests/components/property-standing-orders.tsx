// A property's standing orders (issue 15): the requests that repeat on their own, each removable, and
// a form for a new one. Plain form posts, so it works without JavaScript; the same zod schema checks
// the form in the browser when JavaScript runs and always on the server.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import { StandingOrderForm } from '~/areas/requests/standing-order.schema'
import { formatDateTime } from '~/lib/format'
import { TimeZoneSelect } from '~/ui/time-zone-select'
import { Button } from '~/ui/button'
import { Field, FieldErrors, narrowInputClasses, SelectField } from '~/ui/field'

export type StandingOrderLine = {
  id: string
  vendorName: string
  items: Array<{ productId: string; quantity: number }>
  every: string
  weekday: number | null
  dayOfMonth: number | null
  time: string
  timezone: string
  nextRunAt: string | null
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

function rhythmText(order: StandingOrderLine) {
  const at = `at ${order.time} (${order.timezone})`
  if (order.every === 'week') return `Every ${WEEKDAYS[order.weekday ?? 0]} ${at}`
  if (order.every === 'month') return `Every month on day ${order.dayOfMonth} ${at}`
  return `Every day ${at}`
}

function nextRunText(order: StandingOrderLine, timeZone: string) {
  if (!order.nextRunAt) return ''
  return `. Next: ${formatDateTime(order.nextRunAt, timeZone)}.`
}

export function PropertyStandingOrders({
  propertyId,
  orders,
  products,
  timeZone,
  timeZones,
  lastResult,
}: {
  propertyId: string
  orders: StandingOrderLine[]
  /** The products the property stocks: what an order may hold. */
  products: Array<{ id: string; name: string }>
  /** The organisation's zone: the form's starting value, and the clock the next run is shown on. */
  timeZone: string
  timeZones: readonly string[]
  lastResult?: SubmissionResult<string[]> | null
}) {
  const navigation = useNavigation()
  const busy = (intent: string, id?: string) =>
    navigation.state !== 'idle' && navigation.formData?.get('intent') === intent && (id === undefined || navigation.formData.get('standingOrderId') === id)
  const nameOf = new Map(products.map((p) => [p.id, p.name]))
  const [form, fields] = useForm({
    id: `standing-order-${propertyId}`,
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StandingOrderForm }),
  })
  const items = fields.items.getFieldList()
  // After a refused post the form shows what was typed; otherwise one empty quantity per product.
  const typed = (index: number) => items[index]?.getFieldset().quantity.initialValue as string | undefined

  return (
    <section aria-labelledby="standing-orders" className="mt-6">
      <h4 id="standing-orders" className="text-sm font-medium text-slate-800">{`Standing orders (${orders.length})`}</h4>
      <p className="text-sm text-slate-600">Requests made on their own, on a rhythm, with the usual notification.</p>
      {orders.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
          {orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{`${rhythmText(order)}: ${order.vendorName}`}</p>
                <p className="text-slate-700">
                  {order.items.map((i) => `${i.quantity} × ${nameOf.get(i.productId) ?? 'a product no longer stocked here'}`).join(', ')}
                  {nextRunText(order, timeZone)}
                </p>
              </div>
              <Form method="post" action={`?edit=${propertyId}`} preventScrollReset>
                <input type="hidden" name="intent" value="standing-order-delete" />
                <input type="hidden" name="id" value={propertyId} />
                <input type="hidden" name="standingOrderId" value={order.id} />
                <Button type="submit" size="sm" variant="secondary" pending={busy('standing-order-delete', order.id)} pendingLabel="Deleting...">
                  Delete<span className="sr-only">{` standing order: ${rhythmText(order)}`}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {products.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Assign products to this property to set up a standing order.</p>
      ) : (
        <Form method="post" action={`?edit=${propertyId}`} preventScrollReset {...getFormProps(form)} className="mt-3 space-y-3 rounded-md border border-slate-200 p-3">
          <input type="hidden" name="intent" value="standing-order-create" />
          <input type="hidden" name="id" value={propertyId} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">New standing order: quantities</legend>
            <p className="text-xs text-slate-500">Leave a product empty to leave it out.</p>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {products.map((product, index) => (
                <li key={product.id} className="flex items-center gap-2 text-sm">
                  <input type="hidden" name={`${fields.items.name}[${index}].productId`} value={product.id} />
                  <label htmlFor={`standing-${propertyId}-${product.id}`} className="min-w-0 flex-1 text-slate-800">
                    <span className="sr-only">Standing order quantity of </span>
                    {product.name}
                  </label>
                  <input
                    id={`standing-${propertyId}-${product.id}`}
                    name={`${fields.items.name}[${index}].quantity`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={99}
                    step={1}
                    defaultValue={typed(index) ?? ''}
                    className={narrowInputClasses('w-20')}
                  />
                </li>
              ))}
            </ul>
            <FieldErrors id={`${fields.items.id}-error`} errors={[...(fields.items.errors ?? []), ...items.flatMap((i) => i.getFieldset().quantity.errors ?? [])]} />
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Vendor name" name={fields.vendorName.name} defaultValue={fields.vendorName.initialValue as string | undefined} errors={fields.vendorName.errors} />
            <SelectField label="Every" name={fields.every.name} defaultValue={(fields.every.initialValue as string | undefined) ?? 'week'} errors={fields.every.errors}>
              <option value="day">Day</option>
              <option value="week">Week</option>
              <option value="month">Month</option>
            </SelectField>
            <SelectField
              label="Weekday (weekly orders)"
              name={fields.weekday.name}
              defaultValue={(fields.weekday.initialValue as string | undefined) ?? '1'}
              errors={fields.weekday.errors}
            >
              {WEEKDAYS.map((day, i) => (
                <option key={day} value={i}>
                  {day}
                </option>
              ))}
            </SelectField>
            <Field
              label="Day of the month (monthly orders)"
              name={fields.dayOfMonth.name}
              type="number"
              inputMode="numeric"
              min={1}
              max={31}
              defaultValue={fields.dayOfMonth.initialValue as string | undefined}
              errors={fields.dayOfMonth.errors}
              hint="A shorter month uses its last day."
            />
            <Field label="Time" name={fields.time.name} type="time" defaultValue={(fields.time.initialValue as string | undefined) ?? '08:00'} errors={fields.time.errors} />
            <TimeZoneSelect
              label="Time zone"
              name={fields.timezone.name}
              timeZones={timeZones}
              defaultValue={(fields.timezone.initialValue as string | undefined) ?? timeZone}
              errors={fields.timezone.errors}
              hint="The order is placed at this time on this zone's clock."
            />
          </div>
          {form.errors?.length ? (
            <p role="alert" className="text-sm text-red-600">
              {form.errors.join(' ')}
            </p>
          ) : null}
          <Button type="submit" size="sm" pending={busy('standing-order-create')} pendingLabel="Saving...">
            Add standing order
          </Button>
        </Form>
      )}
    </section>
  )
}
