// An S3-compatible bucket, mocked: objects are kept in memory, and every request must carry a valid
// AWS Signature V4 for the mock credentials, as a real bucket would insist.
import { AwsV4Signer } from 'aws4fetch'
import { http, HttpResponse } from 'msw'

export const MOCK_S3 = {
  endpoint: 'https://s3.mock.stockrun.test',
  bucket: 'stockrun-images',
  region: 'auto',
  accessKeyId: 'MOCKACCESSKEY',
  secretAccessKey: 'mock-secret-access-key',
}

/** The environment that points STORAGE_DRIVER=s3 at this mock. */
export const MOCK_S3_ENV = {
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: MOCK_S3.endpoint,
  S3_BUCKET: MOCK_S3.bucket,
  S3_REGION: MOCK_S3.region,
  S3_ACCESS_KEY_ID: MOCK_S3.accessKeyId,
  S3_SECRET_ACCESS_KEY: MOCK_S3.secretAccessKey,
}

type StoredObject = { body: Uint8Array; contentType: string; cacheControl: string | null }

/** What the bucket holds, by "<bucket>/<key>". */
export const mockBucketObjects = new Map<string, StoredObject>()

async function signatureIsValid(request: Request) {
  const authorization = request.headers.get('authorization') ?? ''
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
    authorization,
  )
  if (!match || match[1] !== MOCK_S3.accessKeyId || match[3] !== MOCK_S3.region) return false
  const datetime = request.headers.get('x-amz-date')
  if (!datetime) return false
  const headers = new Headers()
  for (const name of match[4]!.split(';')) {
    if (name !== 'host') headers.set(name, request.headers.get(name) ?? '')
  }
  const expected = await new AwsV4Signer({
    method: request.method,
    url: request.url,
    headers,
    accessKeyId: MOCK_S3.accessKeyId,
    secretAccessKey: MOCK_S3.secretAccessKey,
    service: 's3',
    region: MOCK_S3.region,
    datetime,
  }).sign()
  return expected.headers.get('authorization') === authorization
}

const s3Error = (status: number, code: string) =>
  new HttpResponse(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`, {
    status,
    headers: { 'Content-Type': 'application/xml' },
  })

function objectKey(request: Request) {
  return decodeURIComponent(new URL(request.url).pathname.slice(1))
}

export const storageHandlers = [
  http.put(`${MOCK_S3.endpoint}/*`, async ({ request }) => {
    if (!(await signatureIsValid(request))) return s3Error(403, 'SignatureDoesNotMatch')
    mockBucketObjects.set(objectKey(request), {
      body: new Uint8Array(await request.arrayBuffer()),
      contentType: request.headers.get('content-type') ?? 'application/octet-stream',
      cacheControl: request.headers.get('cache-control'),
    })
    return new HttpResponse(null, { status: 200, headers: { ETag: '"mock"' } })
  }),
  http.get(`${MOCK_S3.endpoint}/*`, async ({ request }) => {
    if (!(await signatureIsValid(request))) return s3Error(403, 'SignatureDoesNotMatch')
    const object = mockBucketObjects.get(objectKey(request))
    if (!object) return s3Error(404, 'NoSuchKey')
    return new HttpResponse(object.body as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: { 'Content-Type': object.contentType, 'Content-Length': String(object.body.byteLength) },
    })
  }),
  http.delete(`${MOCK_S3.endpoint}/*`, async ({ request }) => {
    if (!(await signatureIsValid(request))) return s3Error(403, 'SignatureDoesNotMatch')
    // As S3: deleting a key that is not there is not an error.
    mockBucketObjects.delete(objectKey(request))
    return new HttpResponse(null, { status: 204 })
  }),
]
