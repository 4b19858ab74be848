// GET /images/<id>.jpg: uploaded images, public by address (the id is a random UUID) and immutable,
// so browsers and CDNs may keep them for a year.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { IMMUTABLE_CACHE, readImage } from '~/lib/storage.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'resource', callers: ['anonymous'], methods: ['GET', 'HEAD'] }

export async function loader({ params }: LoaderFunctionArgs) {
  const image = await readImage(params.file ?? '')
  if (!image) {
    return new Response('Image not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  }
  const headers = new Headers({ 'Content-Type': image.contentType, 'Cache-Control': IMMUTABLE_CACHE })
  if (image.byteSize) headers.set('Content-Length', String(image.byteSize))
  return new Response(image.body, { status: 200, headers })
}
