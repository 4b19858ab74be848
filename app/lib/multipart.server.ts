// Form posts that may carry a file. The body is streamed with a hard limit, so a huge upload is
// refused without being held in memory, whether or not the client said how large it is.
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from '@remix-run/node'
import { Invalid, TooLarge } from './errors'

const DEFAULT_MAX_FILE_BYTES = 15 * 1024 * 1024
/** Room for the other fields and the multipart envelope around the file. */
const ENVELOPE_BYTES = 256 * 1024

function tooLarge(maxFileBytes: number) {
  return new TooLarge(`The upload is too large: files must be at most ${Math.round(maxFileBytes / (1024 * 1024))} MB.`)
}

/** The declared size, checked before a byte is read; false when the client did not say. */
export function declaresMoreThan(request: Request, maxBytes: number) {
  const declared = Number(request.headers.get('content-length'))
  return Number.isFinite(declared) && declared > maxBytes
}

/** The body, cut off with an error once it passes maxBytes; `exceeded` tells that cut from a malformed form. */
function limitBody(body: ReadableStream<Uint8Array>, maxBytes: number) {
  let seen = 0
  const state = { exceeded: false }
  const stream = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > maxBytes) {
          state.exceeded = true
          controller.error(new Error('Request body over the limit'))
        } else controller.enqueue(chunk)
      },
    }),
  )
  return { stream, state }
}

/**
 * Reads a multipart (or url-encoded) form post. Throws TooLarge (413) when the body or any file is
 * over the limit, Invalid (400) when the body is not a form at all.
 */
export async function readMultipartForm(request: Request, options: { maxFileBytes?: number } = {}): Promise<FormData> {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES
  const maxBodyBytes = maxFileBytes + ENVELOPE_BYTES
  if (declaresMoreThan(request, maxBodyBytes)) throw tooLarge(maxFileBytes)
  if (!request.body) return new FormData()

  const body = limitBody(request.body, maxBodyBytes)
  const limited = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: body.stream,
    // Node's fetch needs this for a streamed body.
    duplex: 'half',
  })
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  try {
    if (type.startsWith('multipart/form-data')) {
      return await unstable_parseMultipartFormData(limited, unstable_createMemoryUploadHandler({ maxPartSize: maxFileBytes }))
    }
    return await limited.formData()
  } catch (err) {
    if (err instanceof MaxPartSizeExceededError || body.state.exceeded) {
      throw tooLarge(maxFileBytes)
    }
    throw new Invalid('The form could not be read. Please try again.')
  }
}
