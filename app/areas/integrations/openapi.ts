// Builds the OpenAPI 3.1 document from the routes' contracts (app/lib/route-contract.ts): each /api
// route's operations and the zod schemas it validates with, through zod's own JSON Schema output, so
// the document cannot drift from what the routes accept.
import { z } from 'zod'
import { accessOf, API_SCOPES, type ApiAccess, type ContractedRoute, type Operation } from '~/areas/organisation/route-contract'

type DocumentedOperation = Operation & { path: string; access: ApiAccess }

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input') {
  // For bodies the input side: what a client sends, before our transforms (trimming, defaults) apply.
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>
  return rest
}

const errorRef = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } })

function operationObject(op: DocumentedOperation) {
  const pathParams = [...op.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }))
  const queryParams: unknown[] = []
  if (op.query) {
    const q = jsonSchema(op.query) as { properties?: Record<string, unknown>; required?: string[] }
    for (const [name, schema] of Object.entries(q.properties ?? {})) queryParams.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema })
  }
  for (const header of op.headers ?? []) queryParams.push({ name: header.name, in: 'header', required: false, description: header.description, schema: { type: 'string' } })
  const success = op.success ?? (op.method === 'POST' ? 201 : op.method === 'DELETE' ? 204 : 200)
  const content: Record<string, unknown> = { 'application/json': { schema: op.response ? jsonSchema(op.response, 'output') : {} } }
  if (op.csv) content['text/csv'] = { schema: { type: 'string' } }
  if (op.eventStream) content['text/event-stream'] = { schema: { type: 'string' } }
  const responses: Record<string, unknown> = {
    [success]: success === 204 ? { description: 'Done' } : { description: 'Success', content: op.pdf ? { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } : content },
    400: errorRef('Bad input: `error` says what, `fieldErrors` which fields'),
    404: errorRef('Not found (also for another organisation’s ids)'),
    405: errorRef('Method not allowed'),
    429: errorRef('Too many requests'),
  }
  if (op.unprocessable) {
    const { description, response } = op.unprocessable
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
  if (op.body) operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } }
  if (op.multipart) {
    operation.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'text/csv' } } } } },
    }
  }
  return operation
}

/** The document of every operation the routes' contracts list, by path. */
export function openApiDocument(origin: string, routes: ContractedRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const { path, contract } of routes) {
    for (const operation of contract.operations ?? []) {
      ;(paths[path] ??= {})[operation.method.toLowerCase()] = operationObject({ ...operation, path, access: accessOf(contract, operation) })
    }
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
