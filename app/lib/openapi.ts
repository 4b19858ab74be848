// Builds the OpenAPI 3.1 document from the operation table (api-routes.ts) and the zod schemas the
// routes validate with, through zod's own JSON Schema output, so the document cannot drift from what
// the routes accept.
import { z } from 'zod'
import { API_OPERATIONS, API_SCOPES, type ApiOperation } from './api-routes'

export type OperationSchemas = {
  body?: z.ZodType
  query?: z.ZodType
  /** What a successful call answers as JSON (app/lib/schemas/responses.ts). */
  response?: z.ZodType
  multipart?: boolean
  success?: number
  csv?: boolean
  pdf?: boolean
  /** A text/event-stream answer (GET /api/events). */
  eventStream?: boolean
  /** What a 422 answers, for an operation whose refusal says more than `error` (a CSV import's rows). */
  unprocessable?: { description: string; response: z.ZodType }
  /** Request headers the operation reads, e.g. Idempotency-Key. */
  headers?: { name: string; description: string }[]
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input') {
  // For bodies the input side: what a client sends, before our transforms (trimming, defaults) apply.
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>
  return rest
}

const errorRef = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } })

function operationObject(op: ApiOperation, schemas: OperationSchemas = {}) {
  const pathParams = [...op.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }))
  const queryParams: unknown[] = []
  if (schemas.query) {
    const q = jsonSchema(schemas.query) as { properties?: Record<string, unknown>; required?: string[] }
    for (const [name, schema] of Object.entries(q.properties ?? {})) queryParams.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema })
  }
  for (const header of schemas.headers ?? []) queryParams.push({ name: header.name, in: 'header', required: false, description: header.description, schema: { type: 'string' } })
  const success = schemas.success ?? (op.method === 'POST' ? 201 : op.method === 'DELETE' ? 204 : 200)
  const content: Record<string, unknown> = { 'application/json': { schema: schemas.response ? jsonSchema(schemas.response, 'output') : {} } }
  if (schemas.csv) content['text/csv'] = { schema: { type: 'string' } }
  if (schemas.eventStream) content['text/event-stream'] = { schema: { type: 'string' } }
  const responses: Record<string, unknown> = {
    [success]: success === 204 ? { description: 'Done' } : { description: 'Success', content: schemas.pdf ? { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } : content },
    400: errorRef('Bad input: `error` says what, `fieldErrors` which fields'),
    404: errorRef('Not found (also for another organisation’s ids)'),
    405: errorRef('Method not allowed'),
    429: errorRef('Too many requests'),
  }
  if (schemas.unprocessable) {
    const { description, response } = schemas.unprocessable
    responses[422] = { description, content: { 'application/json': { schema: jsonSchema(response, 'output') } } }
  }
  if (op.access === 'manager') {
    responses[401] = errorRef('Not signed in, or an unknown or revoked API key')
    responses[403] = errorRef(op.scope ? `Not allowed (an API key needs the ${op.scope} scope)` : 'Not allowed (API keys cannot use this operation)')
  }
  const operation: Record<string, unknown> = {
    operationId: `${op.method.toLowerCase()}${op.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: op.summary,
    tags: [op.path.split('/')[2] ?? 'api'],
    parameters: [...pathParams, ...queryParams],
    responses,
    security: op.access === 'manager' ? [{ session: [] }, ...(op.scope ? [{ apiKey: [op.scope] }] : [])] : [],
  }
  if (op.scope) operation['x-scope'] = op.scope
  if (schemas.body) operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(schemas.body) } } }
  if (schemas.multipart) {
    operation.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'text/csv' } } } } },
    }
  }
  return operation
}

/** `schemas` is keyed "METHOD /path" as in the operation table. */
export function openApiDocument(origin: string, schemas: Record<string, OperationSchemas>) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of API_OPERATIONS) {
    ;(paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op, schemas[`${op.method} ${op.path}`])
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Stockrun API',
      version: '1',
      description:
        'Errors answer `{ "error": string, "fieldErrors"?: { field: string[] } }`. Authenticate with the session cookie, or `Authorization: Bearer <API key>` within the key’s scopes.',
    },
    servers: [{ url: origin }],
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: { error: { type: 'string' }, fieldErrors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
        },
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: '__stockrun_session', description: 'A signed-in manager’s session' },
        apiKey: { type: 'http', scheme: 'bearer', description: `An API key from Settings; scopes: ${API_SCOPES.join(', ')}` },
      },
    },
  }
}
