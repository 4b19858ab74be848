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
  const state = { exceeded: false, bytes: 0 }
  const stream = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        state.bytes = seen
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

/** Stands in for a file over the limit, so the form's other fields are still read (readFormWithFiles). */
export const OVERSIZED_FILE_TYPE = 'application/x-stockrun-oversized'
/** Stands in for a file past the form's count of files. */
export const EXTRA_FILE_TYPE = 'application/x-stockrun-extra'

/**
 * Reads a form that carries up to `maxFiles` files of up to `maxFileBytes` each, as a vendor's phone
 * without JavaScript sends raw photos. A file over the limit is read through and dropped, and comes
 * back as an empty file of type OVERSIZED_FILE_TYPE: the form is answered with a message inside it,
 * keeping what was typed, rather than a bare 413. Only a body past every file's allowance is cut off.
 */
export async function readFormWithFiles(request: Request, options: { maxFiles: number; maxFileBytes: number }): Promise<FormData> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  if (!type.startsWith('multipart/form-data')) return readMultipartForm(request, { maxFileBytes: options.maxFileBytes })
  // A file over the limit is still read through (to reach the fields after it): room for one such of twice the size.
  const maxBodyBytes = options.maxFiles * options.maxFileBytes + 2 * options.maxFileBytes + ENVELOPE_BYTES
  if (declaresMoreThan(request, maxBodyBytes) || !request.body) {
    if (request.body) throw tooLarge(options.maxFileBytes)
    return new FormData()
  }
  const body = limitBody(request.body, maxBodyBytes)
  const limited = new Request(request.url, { method: request.method, headers: request.headers, body: body.stream, duplex: 'half' } as RequestInit)
  let files = 0
  let form: FormData
  try {
    form = await unstable_parseMultipartFormData(limited, async ({ filename, contentType, data }) => {
      const chunks: Uint8Array[] = []
      let size = 0
      for await (const chunk of data) {
        size += chunk.byteLength
        if (size <= options.maxFileBytes) chunks.push(chunk)
      }
      if (filename === undefined) return new TextDecoder().decode(Buffer.concat(chunks))
      if (size === 0) return undefined
      files += 1
      if (files > options.maxFiles) return new File([], filename, { type: EXTRA_FILE_TYPE })
      if (size > options.maxFileBytes) return new File([], filename, { type: OVERSIZED_FILE_TYPE })
      return new File(chunks as BlobPart[], filename, { type: contentType })
    })
  } catch {
    if (body.state.exceeded) throw tooLarge(options.maxFileBytes)
    throw new Invalid('The form could not be read. Please try again.')
  }
  // Bytes without a single part are not a form (a wrong boundary, say): the parser reads them as nothing.
  if (body.state.bytes > 0 && [...form.keys()].length === 0) throw new Invalid('The form could not be read. Please try again.')
  return form
}
