// The Logistics page's form posts, one named task a manager does each (issue 35): the page's
// action finds the task by the form's `intent` and hands it the post.

import { parseWithZod } from '@conform-to/zod/v4'
import { json } from '@remix-run/node'
import { requestFieldsFromForm } from '~/areas/requests/request-fields.schema'
import { replaceRequestFields } from '~/areas/requests/request-fields.server'
import { Conflict, NotFound } from '~/lib/errors'
import { withErrorToast } from '~/lib/form-errors.server'
import type { Manager } from '~/areas/people/user.server'
import { publicOrigin } from '~/lib/public-url.server'
import { AssignProductsForm, PropertyInput } from '~/areas/catalogue/property.schema'
import { ParLevelForm, ReorderForm } from '~/areas/insights/reorder.schema'
import { StandingOrderDeleteForm, StandingOrderForm } from '~/areas/requests/standing-order.schema'
import { redirectWithToast } from '~/lib/toast.server'
import { activatePropertyQr, assignProducts, createProperty, deactivatePropertyQr, deleteProperty, removeProduct, updateProperty } from '~/areas/catalogue/property.server'
import { setParLevel } from '~/areas/insights/reorder.server'
import { createRequest } from '~/areas/requests/request-intake.server'
import { createStandingOrder, deleteStandingOrder } from '~/areas/requests/standing-order.server'
import { editHrefFor, listHref } from '~/areas/catalogue/property-links'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** A form post to the page: who sent it, what it holds, and the list or editor state it came from. */
export type PropertyPost = { request: Request; manager: Manager; form: FormData; id: string; from: URLSearchParams }

/** The page's intents (the forms' `intent` field), each a manager's task. */
export const PROPERTY_INTENTS = {
  create: addProperty,
  update: editProperty,
  delete: removeProperty,
  'qr-activate': (post: PropertyPost) => switchQrCode(post, true),
  'qr-deactivate': (post: PropertyPost) => switchQrCode(post, false),
  assign: assignChosenProducts,
  remove: removeAssignedProduct,
  'par-level': saveParLevel,
  reorder: requestReorder,
  'request-fields': saveRequestQuestions,
  'standing-order-create': addStandingOrder,
  'standing-order-delete': removeStandingOrder,
}


async function addProperty({ request, manager, form }: PropertyPost) {
  const submission = parseWithZod(form, { schema: PropertyInput })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const created = await createProperty(manager.orgId, submission.value, publicOrigin(request))
  // Straight on to what the form promised: assigning its products (issue 28).
  return redirectWithToast(`${editHrefFor(created.id)}#product-assignment`, {
    title: 'Property created successfully with QR code auto-generated.',
    description: `Now assign the products ${created.name} stocks.`,
  })
}

async function editProperty({ request, manager, form, id }: PropertyPost) {
  const submission = parseWithZod(form, { schema: PropertyInput })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  return withErrorToast('/properties', 'Failed to update property.', async () => {
    await updateProperty(manager.orgId, id, submission.value, publicOrigin(request))
    return redirectWithToast('/properties', { title: 'Property updated successfully.' })
  })
}

/** Deleted only when nothing is connected to it; otherwise the toast says what is and what to do instead. */
async function removeProperty({ manager, id, from }: PropertyPost) {
  const backTo = listHref(from)
  try {
    await deleteProperty(manager.orgId, id)
    return redirectWithToast(backTo, { title: 'Property Deleted', description: 'The property has been deleted.' })
  } catch (err) {
    if (err instanceof Conflict) {
      const { blocking, suggestions } = err.details as { blocking: { requests: number; assignments: number }; suggestions: string[] }
      const connected = `Connected: ${plural(blocking.requests, 'request', 'requests')}, ${plural(blocking.assignments, 'runner assignment', 'runner assignments')}.`
      return redirectWithToast(backTo, {
        title: 'Cannot Delete Property',
        description: [err.message, connected, suggestions[0]].filter(Boolean).join(' '),
        variant: 'error',
      })
    }
    if (err instanceof NotFound) {
      return redirectWithToast(backTo, { title: 'Failed to delete property.', description: err.message, variant: 'error' })
    }
    throw err
  }
}

async function switchQrCode({ request, manager, id, from }: PropertyPost, active: boolean) {
  const backTo = listHref(from)
  return withErrorToast(backTo, 'Failed to update QR code status.', async () => {
    const property = active ? await activatePropertyQr(manager.orgId, id, publicOrigin(request)) : await deactivatePropertyQr(manager.orgId, id)
    return redirectWithToast(backTo, {
      title: 'QR Code Status Updated',
      description: `The QR code of ${property.name} is now ${property.qrCodeActive ? 'active' : 'inactive'}.`,
    })
  })
}

async function assignChosenProducts({ manager, form, id, from }: PropertyPost) {
  // Back to the same search and page of products to assign, to carry on down the list.
  const editHref = editHrefFor(id, from)
  const submission = parseWithZod(form, { schema: AssignProductsForm })
  if (submission.status !== 'success') {
    return redirectWithToast(editHref, { title: 'Failed to assign products to property.', description: 'Select at least one product to assign.', variant: 'error' })
  }
  return withErrorToast(editHref, 'Failed to assign products to property.', async () => {
    const { assigned, skipped } = await assignProducts(manager.orgId, id, submission.value.productId)
    return redirectWithToast(editHref, {
      title: `${assigned} product(s) assigned to property successfully.`,
      description: skipped > 0 ? `${skipped} product(s) already assigned and will be skipped.` : undefined,
    })
  })
}

async function removeAssignedProduct({ manager, form, id, from }: PropertyPost) {
  const editHref = editHrefFor(id, from)
  return withErrorToast(editHref, 'Failed to remove product from property.', async () => {
    await removeProduct(manager.orgId, id, String(form.get('productId') ?? ''))
    return redirectWithToast(editHref, { title: 'Product removed from property successfully.' })
  })
}

async function saveParLevel({ manager, form, id, from }: PropertyPost) {
  const editHref = editHrefFor(id, from)
  const submission = parseWithZod(form, { schema: ParLevelForm })
  if (submission.status !== 'success') {
    const message = submission.error?.parLevel?.[0] ?? 'Enter a whole number, or leave it empty.'
    return redirectWithToast(editHref, { title: 'Failed to save the par level.', description: message, variant: 'error' })
  }
  return withErrorToast(editHref, 'Failed to save the par level.', async () => {
    await setParLevel(manager.orgId, id, submission.value.productId, submission.value.parLevel)
    return redirectWithToast(editHref, { title: 'Par level saved.' })
  })
}

/** A reorder suggestion taken: a request in the manager's name, through the one way requests are made. */
async function requestReorder({ manager, form, id, from }: PropertyPost) {
  const editHref = editHrefFor(id, from)
  const submission = parseWithZod(form, { schema: ReorderForm })
  if (submission.status !== 'success') return redirectWithToast(editHref, { title: 'Failed to create the request.', variant: 'error' })
  return withErrorToast(editHref, 'Failed to create the request.', async () => {
    const who = [manager.firstName, manager.lastName].filter(Boolean).join(' ') || manager.email
    const { request: made } = await createRequest(
      manager.orgId,
      { propertyId: id, vendorName: who, requestedProducts: [{ productId: submission.value.productId, quantity: submission.value.quantity }] },
      { source: 'manager', note: 'From a reorder suggestion' },
    )
    return redirectWithToast(editHref, { title: `Request ${made.orderNumber} created.` })
  })
}

async function saveRequestQuestions({ manager, form, id, from }: PropertyPost) {
  const editHref = editHrefFor(id, from)
  return withErrorToast(editHref, 'Failed to save the questions.', async () => {
    const { fields } = await replaceRequestFields(manager.orgId, id, requestFieldsFromForm(form))
    return redirectWithToast(editHref, { title: fields.length ? `${plural(fields.length, 'question', 'questions')} saved.` : 'Questions removed.' })
  })
}

async function addStandingOrder({ manager, form, id, from }: PropertyPost) {
  const editHref = editHrefFor(id, from)
  const submission = parseWithZod(form, { schema: StandingOrderForm })
  if (submission.status !== 'success') return json({ standingOrder: submission.reply() }, { status: 400 })
  return withErrorToast(editHref, 'Failed to add the standing order.', async () => {
    await createStandingOrder(manager.orgId, { ...submission.value, propertyId: id })
    return redirectWithToast(editHref, { title: 'Standing order added.' })
  })
}

async function removeStandingOrder({ manager, form, id, from }: PropertyPost) {
  const editHref = editHrefFor(id, from)
  const submission = parseWithZod(form, { schema: StandingOrderDeleteForm })
  if (submission.status !== 'success') return redirectWithToast(editHref, { title: 'Failed to delete the standing order.', variant: 'error' })
  return withErrorToast(editHref, 'Failed to delete the standing order.', async () => {
    await deleteStandingOrder(manager.orgId, submission.value.standingOrderId)
    return redirectWithToast(editHref, { title: 'Standing order deleted.' })
  })
}

