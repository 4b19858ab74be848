// Creating or editing a property (spec §2.7). Validated in the browser when JavaScript runs and always
// on the server with the same schema, so the field messages read the same either way.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { PropertyInput } from '~/areas/catalogue/property.schema'
import { AddressInput } from '~/ui/address-input'
import { Button, ButtonLink } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { Field } from '~/ui/field'
import { Switch } from '~/ui/switch'

export type PropertyFormValues = { id: string; name: string; address: string; isActive: boolean; qrCodeActive: boolean }

export function PropertyForm({
  property,
  lastResult,
  mapsKey,
  cancelTo,
  children,
}: {
  /** The property being edited; none when creating. */
  property: PropertyFormValues | null
  lastResult?: SubmissionResult<string[]> | null
  mapsKey: string | null
  cancelTo: string
  /** The product assignment section, below the form (forms cannot nest). */
  children?: ReactNode
}) {
  const editing = Boolean(property)
  const intent = editing ? 'update' : 'create'
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const [form, fields] = useForm({
    id: property ? `property-${property.id}` : 'new-property',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PropertyInput }),
  })

  return (
    <Card>
      <CardHeader title={editing ? 'Edit Property' : 'Create New Property'} />
      <CardBody className="space-y-6">
        <Form method="post" action={property ? `?edit=${property.id}` : '?new'} {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value={intent} />
          {property ? <input type="hidden" name="id" value={property.id} /> : null}
          {form.errors?.length ? (
            <p role="alert" className="text-sm text-red-600">
              {form.errors.join(' ')}
            </p>
          ) : null}
          <Field
            label="Property Name"
            name={fields.name.name}
            defaultValue={property?.name}
            errors={fields.name.errors}
            placeholder="e.g. Harbor View Apartments"
            autoComplete="off"
          />
          <AddressInput name={fields.address.name} label="Address" defaultValue={property?.address} errors={fields.address.errors} mapsKey={mapsKey} />
          <div className="divide-y divide-slate-100 rounded-md border border-slate-200 px-3">
            <Switch name="isActive" label="Property Active" description="Inactive properties stay listed but are marked as such." defaultChecked={property?.isActive ?? true} />
            <Switch name="qrCodeActive" label="QR Code Active" description="Vendors can scan the property's QR code to send requests." defaultChecked={property?.qrCodeActive ?? true} />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <ButtonLink to={cancelTo} variant="secondary">
              Cancel
            </ButtonLink>
            <Button type="submit" pending={saving} pendingLabel="Saving...">
              {editing ? 'Update Property' : 'Create Property'}
            </Button>
          </div>
        </Form>
        <section aria-labelledby="product-assignment" className="border-t border-slate-100 pt-5">
          <h3 id="product-assignment" className="text-base font-semibold text-slate-900">
            Product Assignment
          </h3>
          {children ?? <p className="mt-1 text-sm text-slate-600">Products can be assigned to this property after it has been saved.</p>}
        </section>
      </CardBody>
    </Card>
  )
}
