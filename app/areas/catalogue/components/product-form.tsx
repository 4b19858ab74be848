// Adding or editing a catalog product, in a dialog (spec §2.8). The form is multipart, so the photo
// goes up with it with or without JavaScript; the same schema validates in the browser and on the server.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import { useCallback, useState } from 'react'
import { ProductForm as ProductFormSchema } from '~/areas/catalogue/product.schema'
import { ImageInput } from '~/ui/image-input'
import { Button, ButtonLink } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { Field, SelectField, TextareaField } from '~/ui/field'
import { Switch } from '~/ui/switch'

export type ProductFormValues = {
  id: string
  name: string
  category: string | null
  description: string | null
  price: string | null
  imageUrl: string | null
  thumbnailUrl: string | null
  imageAlt: string | null
  isActive: boolean
  supplierId?: string | null
  unitCost?: number | null
}

export function ProductFormDialog({
  product,
  categories,
  lastResult,
  closeTo,
  suppliers,
}: {
  /** The product being edited; none when adding. */
  product: ProductFormValues | null
  /** Categories already in use, offered as suggestions so the catalog keeps its groups. */
  categories: string[]
  lastResult?: SubmissionResult<string[]> | null
  closeTo: string
  /** Who the organisation buys from (issue 37): the product's supplier is chosen among them. */
  suppliers?: Array<{ id: string; name: string }>
}) {
  const editing = Boolean(product)
  const intent = editing ? 'update' : 'create'
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const [imageBusy, setImageBusy] = useState(false)
  const onBusyChange = useCallback((busy: boolean) => setImageBusy(busy), [])
  const [form, fields] = useForm({
    id: product ? `product-${product.id}` : 'new-product',
    lastResult,
    defaultValue: product
      ? {
          name: product.name,
          category: product.category ?? '',
          description: product.description ?? '',
          price: product.price ?? '',
          imageAlt: product.imageAlt ?? '',
          supplierId: product.supplierId ?? '',
          unitCost: product.unitCost === null || product.unitCost === undefined ? '' : String(product.unitCost),
        }
      : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductFormSchema }),
  })
  const currentPicture = product?.thumbnailUrl ?? product?.imageUrl ?? null

  return (
    <Dialog
      title={editing ? 'Edit Product' : 'Add Product'}
      description={editing ? 'Change the details vendors see for this product.' : 'Add a product to your catalog.'}
      closeTo={closeTo}
      wide
    >
      <Form
        method="post"
        encType="multipart/form-data"
        action={product ? `?edit=${product.id}` : '?new'}
        {...getFormProps(form)}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value={intent} />
        {product ? <input type="hidden" name="id" value={product.id} /> : null}
        {form.errors?.length ? (
          <p role="alert" className="text-sm text-red-600">
            {form.errors.join(' ')}
          </p>
        ) : null}
        <Field
          label="Product Name"
          name={fields.name.name}
          defaultValue={fields.name.defaultValue}
          errors={fields.name.errors}
          placeholder="e.g. Paper Towels"
          autoComplete="off"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Category"
            name={fields.category.name}
            defaultValue={fields.category.defaultValue}
            errors={fields.category.errors}
            placeholder="e.g. Cleaning Supplies"
            list="product-categories"
            autoComplete="off"
          />
          <Field
            label="Price"
            name={fields.price.name}
            defaultValue={fields.price.defaultValue}
            errors={fields.price.errors}
            placeholder="$12.50"
            inputMode="decimal"
            autoComplete="off"
            hint="In US dollars, e.g. 12.50 or $12.50"
          />
        </div>
        <datalist id="product-categories">
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        {suppliers ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Supplier"
              name={fields.supplierId.name}
              defaultValue={fields.supplierId.defaultValue ?? ''}
              errors={fields.supplierId.errors}
              hint={suppliers.length ? 'Who you buy it from, for purchase orders.' : 'Add suppliers on the Suppliers page to choose one.'}
            >
              <option value="">No supplier</option>
              {suppliers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </SelectField>
            <Field
              label="Unit cost"
              name={fields.unitCost.name}
              defaultValue={fields.unitCost.defaultValue}
              errors={fields.unitCost.errors}
              placeholder="4.50"
              inputMode="decimal"
              autoComplete="off"
              hint="What one costs to buy, in US dollars."
            />
          </div>
        ) : null}
        <TextareaField
          label="Description"
          name={fields.description.name}
          defaultValue={fields.description.defaultValue}
          errors={fields.description.errors}
        />
        <ImageInput
          name={fields.image.name}
          label="Image"
          currentUrl={currentPicture}
          errors={fields.image.errors}
          hint="PNG or JPG up to 5MB"
          onBusyChange={onBusyChange}
        />
        {currentPicture ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name="removeImage" value="true" className="h-4 w-4 rounded border-slate-300" />
            Remove the current image
          </label>
        ) : null}
        <Field
          label="Image Alt Text"
          name={fields.imageAlt.name}
          defaultValue={fields.imageAlt.defaultValue}
          errors={fields.imageAlt.errors}
          placeholder="e.g. A pack of six paper towel rolls"
          hint="Describes the picture for people who cannot see it."
        />
        <div className="rounded-md border border-slate-200 px-3">
          <Switch
            name="isActive"
            label="Active"
            description="Inactive products stay in the catalog but are not offered to vendors."
            defaultChecked={product?.isActive ?? true}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <ButtonLink to={closeTo} variant="secondary" replace preventScrollReset>
            Cancel
          </ButtonLink>
          <Button type="submit" pending={saving || imageBusy} pendingLabel={imageBusy ? 'Preparing image...' : 'Saving...'}>
            {editing ? 'Update Product' : 'Create Product'}
          </Button>
        </div>
      </Form>
    </Dialog>
  )
}
