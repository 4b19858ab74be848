// A product's name and description in each vendor language (issue 15), in a dialog opened by
// ?translate=<id>; a category heading's name (issue 28) in the same dialog, opened by
// ?translate-category=<name>, without descriptions. Vendors see these in their language; an empty name
// leaves the language untranslated, so vendors see the own text. A plain multipart post, with or without JavaScript.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import { VENDOR_LANGUAGES } from '~/i18n/config'
import { ProductTranslationsForm } from '~/areas/catalogue/translation.schema'
import { Button, ButtonLink } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { Field, TextareaField } from '~/ui/field'

export type ProductTranslationsValues = {
  id: string
  name: string
  description: string | null
  translations: Partial<Record<string, { name: string; description: string | null }>>
}

const LANGUAGES = VENDOR_LANGUAGES.filter((l) => l.code !== 'en')

export function ProductTranslationsDialog({
  product,
  lastResult,
  closeTo,
  category = false,
}: {
  /** For a category, `id` and `name` are both its name. */
  product: ProductTranslationsValues
  lastResult?: SubmissionResult<string[]> | null
  closeTo: string
  category?: boolean
}) {
  const navigation = useNavigation()
  const intent = category ? 'category-translations' : 'translations'
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const [form, fields] = useForm({
    id: category ? 'translations-category' : `translations-${product.id}`,
    lastResult,
    defaultValue: {
      translations: Object.fromEntries(
        LANGUAGES.map((l) => [l.code, { name: product.translations[l.code]?.name ?? '', description: product.translations[l.code]?.description ?? '' }]),
      ),
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductTranslationsForm }),
  })
  const languages = fields.translations.getFieldset()

  return (
    <Dialog
      title={category ? `Translations of the category ${product.name}` : `Translations of ${product.name}`}
      description={`What vendors see in their language. Leave a name empty and vendors see the ${category ? "category's" : "product's"} own text.`}
      closeTo={closeTo}
      wide
    >
      <Form
        method="post"
        encType="multipart/form-data"
        action={category ? `?translate-category=${encodeURIComponent(product.id)}` : `?translate=${product.id}`}
        {...getFormProps(form)}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={product.id} />
        {form.errors?.length ? (
          <p role="alert" className="text-sm text-red-600">
            {form.errors.join(' ')}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          <span className="font-medium text-slate-800">Own text: </span>
          {product.name}
          {product.description ? ` — ${product.description}` : ''}
        </p>
        {LANGUAGES.map((language) => {
          const entry = languages[language.code as keyof typeof languages]!.getFieldset()
          return (
            <fieldset key={language.code} className="rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-800">
                {`${language.name} (`}
                <span lang={language.code}>{language.nativeName}</span>
                {')'}
              </legend>
              <div className={category ? 'grid gap-3' : 'grid gap-3 sm:grid-cols-2'}>
                <Field
                  label={`${language.name} name`}
                  name={entry.name.name}
                  defaultValue={entry.name.initialValue as string | undefined}
                  errors={entry.name.errors}
                  lang={language.code}
                  autoComplete="off"
                />
                {category ? null : (
                  <TextareaField
                    label={`${language.name} description`}
                    name={entry.description.name}
                    defaultValue={entry.description.initialValue as string | undefined}
                    errors={entry.description.errors}
                    lang={language.code}
                    rows={2}
                  />
                )}
              </div>
            </fieldset>
          )
        })}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <ButtonLink to={closeTo} variant="secondary" replace preventScrollReset>
            Cancel
          </ButtonLink>
          <Button type="submit" pending={saving} pendingLabel="Saving...">
            Save translations
          </Button>
        </div>
      </Form>
    </Dialog>
  )
}
