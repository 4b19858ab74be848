// Turns our OpenAPI document into what the /docs/api page shows (issue 17 part 3): operations grouped
// by tag, each with who may call it, its parameters, a summary of its body fields and its answers.
// Kept to plain data so the page renders it on the server without a client-side renderer.

type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  format?: string
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  pattern?: string
  default?: unknown
  description?: string
}
type OpenApiOperation = {
  operationId: string
  summary: string
  tags?: string[]
  parameters?: {
    name: string
    in: string
    required?: boolean
    description?: string
    schema?: JsonSchema
  }[]
  requestBody?: { content: Record<string, { schema?: JsonSchema }> }
  responses: Record<string, { description: string; content?: Record<string, unknown> }>
  security?: Record<string, string[]>[]
  'x-scope'?: string
}
/** What the page reads of the document; operations are as app/lib/openapi.ts writes them. */
export type OpenApiDocumentLike = { paths: Record<string, Record<string, unknown>> }

export type ReferenceField = {
  name: string
  type: string
  required: boolean
  notes: string
}
export type ReferenceOperation = {
  id: string
  method: string
  path: string
  summary: string
  /** Who may call it, in a manager's words. */
  access: string
  scope: string | null
  parameters: (ReferenceField & { in: string })[]
  bodyType: string | null
  body: ReferenceField[]
  /** The fields of a successful JSON answer (of each item, when it is a list), where the document describes them. */
  answer: { list: boolean; fields: ReferenceField[] } | null
  responses: { status: string; description: string; types: string[] }[]
}
export type ReferenceGroup = { tag: string; operations: ReferenceOperation[] }

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete']

/** A short, readable type: "string", "one of: a, b", "array of object", "integer or null". */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any'
  if (schema.enum) return `one of: ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`
  if (schema.const !== undefined) return `always ${JSON.stringify(schema.const)}`
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) return [...new Set(alternatives.map(typeOf))].join(' or ')
  if (Array.isArray(schema.type)) return schema.type.join(' or ')
  if (schema.type === 'array') return `array of ${typeOf(schema.items)}`
  if (schema.type) return schema.format ? `${schema.type} (${schema.format})` : schema.type
  return 'any'
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

function notesOf(schema: JsonSchema): string {
  const notes: string[] = []
  if (schema.minLength !== undefined) notes.push(`at least ${count(schema.minLength, 'character')}`)
  if (schema.maxLength !== undefined) notes.push(`at most ${count(schema.maxLength, 'character')}`)
  if (schema.minimum !== undefined) notes.push(`from ${schema.minimum}`)
  if (schema.exclusiveMinimum !== undefined) notes.push(`above ${schema.exclusiveMinimum}`)
  if (schema.maximum !== undefined) notes.push(`up to ${schema.maximum}`)
  if (schema.exclusiveMaximum !== undefined) notes.push(`below ${schema.exclusiveMaximum}`)
  if (schema.minItems !== undefined) notes.push(`at least ${count(schema.minItems, 'item')}`)
  if (schema.maxItems !== undefined) notes.push(`at most ${count(schema.maxItems, 'item')}`)
  if (schema.pattern) notes.push(`matches ${schema.pattern}`)
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`)
  if (schema.description) notes.push(schema.description)
  return notes.join('; ')
}

/** The fields of an object schema, nested objects (and arrays of them) as dotted names, two levels deep. */
export function fieldsOf(schema: JsonSchema | undefined, prefix = '', depth = 0): ReferenceField[] {
  if (!schema?.properties) return []
  const fields: ReferenceField[] = []
  for (const [name, child] of Object.entries(schema.properties)) {
    const full = `${prefix}${name}`
    fields.push({
      name: full,
      type: typeOf(child),
      required: schema.required?.includes(name) ?? false,
      notes: notesOf(child),
    })
    if (depth < 2) {
      if (child.properties) fields.push(...fieldsOf(child, `${full}.`, depth + 1))
      else if (child.items?.properties) fields.push(...fieldsOf(child.items, `${full}[].`, depth + 1))
    }
  }
  return fields
}

function accessOf(op: OpenApiOperation) {
  const security = op.security ?? []
  if (security.length === 0) return 'Anyone (no sign-in); runner operations need the runner’s link token'
  if (op['x-scope']) return `A signed-in manager, or an API key with the ${op['x-scope']} scope`
  return 'A signed-in manager only (API keys get 403)'
}

function answerOf(op: OpenApiOperation): ReferenceOperation['answer'] {
  const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'))?.[1]
  const schema = (success?.content?.['application/json'] as { schema?: JsonSchema } | undefined)?.schema
  if (!schema) return null
  const list = schema.type === 'array'
  const fields = fieldsOf(list ? schema.items : schema)
  return fields.length > 0 ? { list, fields } : null
}

export function apiReference(doc: OpenApiDocumentLike): ReferenceGroup[] {
  const groups = new Map<string, ReferenceOperation[]>()
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of METHOD_ORDER) {
      const op = methods[method] as OpenApiOperation | undefined
      if (!op) continue
      const [bodyType, bodyContent] = Object.entries(op.requestBody?.content ?? {})[0] ?? [null, undefined]
      const operation: ReferenceOperation = {
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        access: accessOf(op),
        scope: op['x-scope'] ?? null,
        parameters: (op.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          type: typeOf(p.schema),
          required: p.required ?? false,
          notes: [p.description, p.schema ? notesOf(p.schema) : ''].filter(Boolean).join('; '),
        })),
        bodyType,
        body: fieldsOf(bodyContent?.schema),
        answer: answerOf(op),
        responses: Object.entries(op.responses).map(([status, r]) => ({
          status,
          description: r.description,
          types: Object.keys(r.content ?? {}),
        })),
      }
      const tag = op.tags?.[0] ?? 'api'
      groups.set(tag, [...(groups.get(tag) ?? []), operation])
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations })).sort((a, b) => a.tag.localeCompare(b.tag))
}
