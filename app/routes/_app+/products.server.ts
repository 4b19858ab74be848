// The Products page's form posts, one named task each (issue 35): adding or changing a product (with
// its photo), deleting one, and saving a product's or a category's translations. Each lands back on
// the search and page the manager was on (`back`), with a toast.
import { parseWithZod } from '@conform-to/zod/v4'
import { json } from '@remix-run/node'
import { Invalid, TooLarge } from '~/lib/errors'
import { withErrorToast } from '~/lib/form-errors.server'
import { storeUploadedImage } from '~/lib/images.server'
import { redirectWithToast } from '~/lib/toast.server'
import { ProductForm } from '~/areas/catalogue/product.schema'
import { ProductTranslationsForm } from '~/areas/catalogue/translation.schema'
import { createProduct, deleteProduct, findProduct, updateProduct } from '~/areas/catalogue/product.server'
import { saveProductTranslations } from '~/areas/catalogue/product-translation.server'
import { saveCategoryTranslations } from '~/areas/catalogue/category-translation.server'
import { checkProductSupplier } from '~/areas/purchasing/supplier.server'

/** A form post to Products: the organisation, the form (multipart), the product or category it names, and where to land. */
export type ProductPost = { orgId: string; form: FormData; id: string; back: string }

export const PRODUCT_INTENTS = {
  create: (post: ProductPost) => saveProduct(post, true),
  update: (post: ProductPost) => saveProduct(post, false),
  delete: deleteOne,
  translations: saveTranslations,
  'category-translations': saveCategoryNames,
}

async function deleteOne({ orgId, id, back }: ProductPost) {
  return withErrorToast(back, 'Failed to delete product.', async () => {
    await deleteProduct(orgId, id)
    return redirectWithToast(back, { title: 'Product deleted successfully.' })
  })
}

async function saveTranslations({ orgId, form, id, back }: ProductPost) {
  const submission = parseWithZod(form, { schema: ProductTranslationsForm })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  return withErrorToast(back, 'Failed to save the translations.', async () => {
    const saved = await saveProductTranslations(orgId, id, submission.value.translations)
    return redirectWithToast(back, { title: `Translations of ${saved.name} saved.` })
  })
}

/** A category's name and description in other languages (the id is the category's name). */
async function saveCategoryNames({ orgId, form, id, back }: ProductPost) {
  const submission = parseWithZod(form, { schema: ProductTranslationsForm })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  return withErrorToast(back, 'Failed to save the translations.', async () => {
    const saved = await saveCategoryTranslations(orgId, id, submission.value.translations)
    return redirectWithToast(back, { title: `Translations of the category ${saved.name} saved.` })
  })
}

async function saveProduct({ orgId, form, id, back }: ProductPost, creating: boolean) {
  const submission = parseWithZod(form, { schema: ProductForm })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const { image, removeImage, ...fields } = submission.value

  return withErrorToast(back, creating ? 'Failed to create product.' : 'Failed to update product.', async () => {
    // Checked before the photo is stored, so a stale edit leaves no orphan image behind.
    if (!creating) await findProduct(orgId, id)
    await checkProductSupplier(orgId, fields.supplierId)
    let picture: { imageUrl: string | null; thumbnailUrl: string | null } | Record<string, never> = {}
    if (image) {
      try {
        picture = await storeUploadedImage(image, { orgId })
      } catch (err) {
        if (err instanceof Invalid || err instanceof TooLarge) {
          return json({ result: submission.reply({ fieldErrors: { image: [err.message] } }) }, { status: 400 })
        }
        throw err
      }
    } else if (removeImage) {
      picture = { imageUrl: null, thumbnailUrl: null }
    }
    if (creating) {
      await createProduct(orgId, { ...fields, ...picture })
      return redirectWithToast(back, { title: 'Product created successfully.' })
    }
    await updateProduct(orgId, id, { ...fields, ...picture })
    return redirectWithToast(back, { title: 'Product updated successfully.' })
  })
}
