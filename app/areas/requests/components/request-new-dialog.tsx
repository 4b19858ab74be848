// A manager enters a request (spec §2.9, §5): property first (its products load for it), then the
// vendor's name, products with quantities and notes. Two plain forms, so it works without JS: a GET
// that picks the property, and the POST that creates the request.
import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { Button, ButtonLink } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { Field, FieldErrors, SelectField, TextareaField, inputClasses } from '~/ui/field'
import { cn } from '~/ui/cn'

export type NewRequestErrors = Record<string, string[]>

type Values = { propertyId: string; vendorName: string; notes: string; requestedProducts: Array<{ productId: string; quantity: number }> }

export function NewRequestDialog({
  closeTo,
  params,
  properties,
  propertyId,
  products,
  errors,
  values,
}: {
  closeTo: string
  params: URLSearchParams
  properties: ReadonlyArray<{ id: string; name: string; isActive: boolean }>
  propertyId: string | null
  products: ReadonlyArray<{ id: string; name: string; category: string | null }>
  errors?: NewRequestErrors
  values: Values | null
}) {
  const submit = useSubmit()
  const navigation = useNavigation()
  const creating = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create'
  const chosen = new Map(values?.requestedProducts.map((p) => [p.productId, p.quantity]))
  const productErrors = Object.entries(errors ?? {})
    .filter(([key]) => key.startsWith('requestedProducts'))
    .flatMap(([, messages]) => messages)
  const keep = [...params].filter(([key]) => key !== 'propertyId' && key !== 'dialog')

  return (
    <Dialog title="New Request" description="Enter a request on a vendor's behalf." closeTo={closeTo} wide>
      <Form method="get" preventScrollReset replace onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}>
        {keep.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="dialog" value="new-request" />
        <div className="flex items-end gap-2">
          <SelectField label="Property" name="propertyId" defaultValue={propertyId ?? ''} errors={errors?.propertyId} className="flex-1">
            <option value="">Select a property</option>
            {properties.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.isActive ? '' : ' (inactive)'}
              </option>
            ))}
          </SelectField>
          <noscript>
            <Button type="submit" variant="secondary">
              Show products
            </Button>
          </noscript>
        </div>
      </Form>

      <Form method="post" preventScrollReset className="mt-4 space-y-4" aria-label="New request">
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="propertyId" value={propertyId ?? ''} />
        <Field label="Vendor name" name="vendorName" defaultValue={values?.vendorName ?? ''} errors={errors?.vendorName} autoComplete="organization" />
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-700">Products</legend>
          {!propertyId ? (
            <p className="text-sm text-slate-500">Select a property to see its products.</p>
          ) : products.length === 0 ? (
            <p className="text-sm text-slate-500">
              No products are assigned to this property yet.{' '}
              <a href={`/properties?edit=${encodeURIComponent(propertyId)}`} className="font-medium text-brand-700 underline">
                Assign products
              </a>
            </p>
          ) : (
            <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200" aria-describedby={productErrors.length ? 'products-error' : undefined}>
              {products.map((p) => (
                <li key={p.id} className="flex items-center gap-3 px-3 py-2">
                  <input
                    id={`product-${p.id}`}
                    type="checkbox"
                    name="product"
                    value={p.id}
                    defaultChecked={chosen.has(p.id)}
                    className="h-4 w-4 rounded border-slate-300"
                  />
                  <label htmlFor={`product-${p.id}`} className="min-w-0 flex-1 text-sm text-slate-800">
                    {p.name}
                    {p.category ? <span className="block text-xs text-slate-500">{p.category}</span> : null}
                  </label>
                  <label htmlFor={`quantity-${p.id}`} className="sr-only">
                    Quantity of {p.name}
                  </label>
                  <div className="w-20 shrink-0">
                    <input
                      id={`quantity-${p.id}`}
                      type="number"
                      name={`quantity.${p.id}`}
                      min={1}
                      max={99}
                      defaultValue={chosen.get(p.id) ?? 1}
                      className={cn(inputClasses, 'py-1')}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <FieldErrors id="products-error" errors={productErrors.length ? [...new Set(productErrors)] : null} />
        </fieldset>
        <TextareaField label="Notes (optional)" name="notes" defaultValue={values?.notes ?? ''} errors={errors?.notes} />
        <div className="flex justify-end gap-2">
          <ButtonLink to={closeTo} variant="secondary" replace preventScrollReset>
            Cancel
          </ButtonLink>
          <Button type="submit" pending={creating} pendingLabel="Creating...">
            Create Request
          </Button>
        </div>
      </Form>
    </Dialog>
  )
}
