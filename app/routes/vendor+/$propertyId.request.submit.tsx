// Sends the vendor's cart as a request. Its own path so the submission rate limit can count
// submissions apart from cart presses. Always answers with a redirect: the success screen, or the
// finalize step with a toast in the vendor's language saying what is missing, and what was typed
// kept in the cart's cookie (issue 29) so the form comes back filled in.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { HONEYPOT_FIELD } from '~/areas/requests/components/vendor-finalize-dialog'
import type { VendorError } from '~/areas/requests/components/vendor-request-details'
import { isVendorLanguage, type VendorLanguage } from '~/i18n/config'
import { vendorLanguage, vendorT } from '~/i18n/i18next.server'
import { Invalid, NotFound, TooLarge } from '~/lib/errors'
import { EXTRA_FILE_TYPE, OVERSIZED_FILE_TYPE, readFormWithFiles } from '~/lib/multipart.server'
import { redirectWithToast } from '~/lib/toast.server'
import { keepOffered, readCart, saveCart, type Draft } from '~/areas/requests/vendor-cart.server'
import { createRequest } from '~/areas/requests/request-intake.server'
import { MAX_REQUEST_PHOTOS } from '~/areas/requests/request-input.schema'
import { InvalidAnswers } from '~/areas/requests/request-details.server'
import { MAX_UPLOAD_BYTES, storeUploadedImage } from '~/lib/images.server'
import { findStorefrontOwner, listStorefrontProducts } from '~/areas/catalogue/storefront.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'resource', callers: ['anonymous'], methods: ['GET', 'HEAD', 'POST'] }

function page(propertyId: string, lang: VendorLanguage, extra = '') {
  return `/vendor/${propertyId}/request?lang=${lang}${extra}`
}

export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/vendor/${params.propertyId}/request`)
}

/** Which localised message a refusal from the model deserves; the cart is checked before the name. */
function refusalOf(err: Invalid) {
  const fields = Object.keys(err.fieldErrors)
  if (fields.includes('requestedProducts')) return 'emptyCart' as const
  if (fields.some((f) => f.startsWith('requestedProducts.'))) return 'unavailable' as const
  if (fields.includes('vendorName')) return 'missingInfo' as const
  return 'failed' as const
}

/** What the vendor typed, as the form posted it: answers are `field.<key>`, kept photos `keptPhoto`. */
function draftOf(form: FormData): Draft {
  const answers: Record<string, string> = {}
  for (const [name, value] of form) {
    if (name.startsWith('field.') && typeof value === 'string') answers[name.slice('field.'.length)] = value
  }
  const photos = form
    .getAll('keptPhoto')
    .map((v) => String(v).split(' '))
    .filter((p): p is [string, string] => p.length === 2)
    .map(([imageUrl, thumbnailUrl]) => ({ imageUrl, thumbnailUrl }))
  return {
    vendorName: String(form.get('vendorName') ?? ''),
    urgent: form.get('urgent') !== null,
    neededBy: String(form.get('neededBy') ?? '').trim(),
    answers,
    photos,
    problems: {},
  }
}

/**
 * Stores the photos the form carries, each re-encoded and stripped of its metadata on the way
 * (images.server). Answers the photos kept and the problem, if any, in the vendor-page's words.
 */
async function takePhotos(form: FormData, kept: Draft['photos'], orgId: string) {
  const photos = [...kept]
  let problem: 'photoTooLarge' | 'photoTooMany' | 'photoInvalid' | null = null
  for (const file of form.getAll('photo')) {
    if (!(file instanceof File) || (file.size === 0 && file.type !== OVERSIZED_FILE_TYPE && file.type !== EXTRA_FILE_TYPE)) continue
    if (file.type === OVERSIZED_FILE_TYPE) problem = 'photoTooLarge'
    else if (file.type === EXTRA_FILE_TYPE || photos.length >= MAX_REQUEST_PHOTOS) problem = 'photoTooMany'
    else {
      try {
        photos.push(await storeUploadedImage(file, { orgId }))
      } catch (err) {
        if (!(err instanceof Invalid) && !(err instanceof TooLarge)) throw err
        problem = err instanceof TooLarge ? 'photoTooLarge' : 'photoInvalid'
      }
    }
  }
  return { photos, problem }
}

/** The vendor-page message of an answer's problem code (request-details). */
const ANSWER_ERROR: Record<string, VendorError> = {
  required: 'answerRequired',
  option: 'answerOption',
  number: 'answerNumber',
  date: 'answerDate',
  checkbox: 'answerRequired',
  text: 'answerText',
  unknown: 'answerOption',
  neededBy: 'neededBy',
  photo: 'photoInvalid',
}

export async function action({ request, params }: ActionFunctionArgs) {
  const propertyId = params.propertyId!
  let form: FormData
  try {
    form = await readFormWithFiles(request, { maxFiles: MAX_REQUEST_PHOTOS, maxFileBytes: MAX_UPLOAD_BYTES })
  } catch (err) {
    // A body that is not a form at all (empty, or broken multipart): what every page answers for one.
    if (err instanceof Invalid) throw new Response('We could not read the form that was sent.', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
    if (!(err instanceof TooLarge)) throw err
    // Past every photo's allowance the rest of the form was never read: nothing typed can be kept.
    const lang = await vendorLanguage(request)
    const t = await vendorT(lang)
    return redirectWithToast(page(propertyId, lang, '&step=finalize'), { title: t('errors.detailsTitle'), description: t('errors.photoTooLarge'), variant: 'error' })
  }
  const asked = form.get('lang')
  const lang = isVendorLanguage(asked) ? asked : await vendorLanguage(request)

  // Spam gets what looks like an ordinary page back, and nothing is stored.
  if (String(form.get(HONEYPOT_FIELD) ?? '') !== '') return redirect(page(propertyId, lang))

  let organisationId: string
  try {
    organisationId = (await findStorefrontOwner(propertyId)).organisationId
  } catch (err) {
    if (err instanceof NotFound) return redirect(page(propertyId, lang))
    throw err
  }

  const cart = await readCart(request, propertyId)
  const draft = draftOf(form)
  const t = await vendorT(lang)
  /** Back to the finalize step, the cart and what was typed kept, a toast and each field's problem. */
  const refuse = async (problems: Record<string, string>, toast: { title: string; description: string }, keptCart = cart, extra = '') => {
    const headers = new Headers()
    headers.append('Set-Cookie', await saveCart({ ...keptCart, draft: { ...draft, problems } }))
    return redirectWithToast(page(propertyId, lang, `&step=finalize${extra}`), { ...toast, variant: 'error' }, { headers })
  }

  const taken = await takePhotos(form, draft.photos, organisationId)
  draft.photos = taken.photos
  if (taken.problem) return refuse({ photos: taken.problem }, { title: t('errors.detailsTitle'), description: t(`errors.${taken.problem}`) })

  try {
    const { request: created, trackingToken } = await createRequest(
      organisationId,
      {
        propertyId,
        vendorName: draft.vendorName,
        requestedProducts: cart.lines,
        urgent: draft.urgent,
        neededBy: draft.neededBy || null,
        fields: draft.answers,
        photos: draft.photos,
      },
      { source: 'vendor', language: lang, answersFrom: 'form' },
    )
    const sent = { orderNumber: created.orderNumber, trackingToken, vendorName: created.vendorName }
    return redirect(page(propertyId, lang, '&step=sent'), {
      headers: { 'Set-Cookie': await saveCart({ propertyId, lines: [], sent }) },
    })
  } catch (err) {
    if (err instanceof NotFound) return redirect(page(propertyId, lang))
    if (!(err instanceof Invalid)) throw err
    if (err instanceof InvalidAnswers) {
      const problems = Object.fromEntries(Object.entries(err.problems).map(([name, code]) => [name.startsWith('photos.') ? 'photos' : name, ANSWER_ERROR[code] ?? 'answerRequired']))
      return refuse(problems, { title: t('errors.detailsTitle'), description: t('errors.details') })
    }
    const refusal = refusalOf(err)
    if (refusal === 'missingInfo') return refuse({}, { title: t('errors.missingInfoTitle'), description: t('errors.missingInfo') }, cart, '&error=name')
    const headers = new Headers()
    if (refusal === 'unavailable') {
      const offered = new Set((await listStorefrontProducts(propertyId)).map((p) => p.id))
      return refuse({}, { title: t('errors.unavailableTitle'), description: t('errors.unavailable') }, keepOffered(cart, offered))
    }
    const toast =
      refusal === 'emptyCart'
        ? { title: t('errors.emptyCartTitle'), description: t('errors.emptyCart') }
        : { title: t('errors.failedTitle'), description: t('errors.failed') }
    const to = refusal === 'emptyCart' ? page(propertyId, lang) : page(propertyId, lang, '&step=finalize')
    return redirectWithToast(to, { ...toast, variant: 'error' }, { headers })
  }
}
