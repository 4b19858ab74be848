// POST /api/upload (DESIGN.md §6): a manager, a runner, whoever holds a delivery link, or a vendor
// attaching photos to a request (`?propertyId=` of a property that takes requests; issue 29) may
// upload a photo; it comes back re-encoded as { imageUrl, thumbnailUrl }. Uploads are rate-limited
// per client (abuse-limits).
import { Invalid, Unauthorized } from '~/lib/errors'
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { readMultipartForm } from '~/lib/multipart.server'
import { findAssignmentByLinkToken } from '~/areas/deliveries/assignment.server'
import { findRunnerByToken } from '~/areas/deliveries/runner.server'
import { findStorefrontOwner } from '~/areas/catalogue/storefront.server'
import { getManager } from '~/areas/people/auth.server'
import { MAX_UPLOAD_BYTES, storeUploadedImage } from '~/lib/images.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'runner-token', 'delivery-token'],
  methods: ['POST'],
  permission: 'work',
  operations: [
    { method: 'POST', summary: 'Upload an image' },
  ],
}

/** The organisation the upload is for: the manager's, or that of the runner or delivery the token opens. */
async function uploaderOrganisation(request: Request): Promise<string> {
  const token = request.headers.get('x-runner-token') ?? new URL(request.url).searchParams.get('token')
  if (token) {
    const runner = await findRunnerByToken(token)
    if (runner?.isActive) return runner.organisationId
    const assignment = await findAssignmentByLinkToken(token)
    if (assignment && assignment.status !== 'cancelled') return assignment.organisationId
    throw new Unauthorized('Invalid authentication token')
  }
  const manager = await getManager(request)
  if (manager) return manager.orgId
  // A vendor's photo belongs to the property's organisation; only a property taking requests accepts one.
  const propertyId = new URL(request.url).searchParams.get('propertyId')
  if (propertyId) return (await findStorefrontOwner(propertyId)).organisationId
  throw new Unauthorized()
}

export const action = apiAction(async ({ request }) => {
  if (request.method !== 'POST') methodNotAllowed()
  const orgId = await uploaderOrganisation(request)
  // A declared size over the limit is refused before a byte is read; an undeclared one is cut off while streaming.
  const form = await readMultipartForm(request, { maxFileBytes: MAX_UPLOAD_BYTES })
  const image = form.get('image')
  if (!(image instanceof Blob) || image.size === 0) {
    throw new Invalid('Please choose an image to upload.', { image: ['Please choose an image to upload.'] })
  }
  return storeUploadedImage(image, { orgId })
})
