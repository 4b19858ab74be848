// The /api error contract (DESIGN.md §3), in one place every resource route goes through.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { DomainError, Conflict, Invalid, MethodNotAllowed, type FieldErrors } from './errors'
import { storageProblem } from './storage-errors.server'

export function errorJson(error: string, status: number, extra: Record<string, unknown> = {}) {
  return json({ error, ...extra }, { status })
}

/** Turns a zod failure into the spec's message (the first issue) plus per-field messages. */
export function invalidFromZod(error: z.ZodError): Invalid {
  const fieldErrors: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'form'
    ;(fieldErrors[key] ??= []).push(issue.message)
  }
  return new Invalid(error.issues[0]?.message ?? 'Invalid input', fieldErrors)
}

export function errorResponse(err: unknown): Response {
  if (err instanceof Response) return err
  if (err instanceof z.ZodError) return errorResponse(invalidFromZod(err))
  if (err instanceof Conflict) {
    return json({ error: err.message, message: err.message, ...err.details }, { status: 409 })
  }
  const unavailable = storageProblem(err)
  if (unavailable) return json({ error: unavailable.message }, { status: 503, headers: { 'Retry-After': String(unavailable.retryAfter) } })
  if (err instanceof Invalid) return errorJson(err.message, err.status, { fieldErrors: err.fieldErrors })
  if (err instanceof DomainError) return errorJson(err.message, err.status)
  console.error(err)
  return errorJson('Something went wrong on our side. Please try again.', 500)
}

/** Reads a JSON body and validates it; malformed JSON is bad input, never a 500. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown
  try {
    const text = await request.text()
    body = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw new Invalid('Request body must be valid JSON.')
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw invalidFromZod(parsed.error)
  return parsed.data
}

/** Validates route params or query values the same way as bodies. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw invalidFromZod(parsed.error)
  return parsed.data
}

type Handler<A> = (args: A) => Promise<unknown>

function toResponse(result: unknown, status = 200): Response {
  if (result instanceof Response) return result
  if (result === undefined) return new Response(null, { status: 204 })
  return json(result, { status })
}

/** Wraps a resource-route loader: whatever it returns becomes JSON, whatever it throws the error contract. */
export function apiLoader(handler: Handler<LoaderFunctionArgs>) {
  return async (args: LoaderFunctionArgs) => {
    try {
      return toResponse(await handler(args))
    } catch (err) {
      return errorResponse(err)
    }
  }
}

/** Like apiLoader; a POST that returns an object answers 201 (a create), other methods 200. */
export function apiAction(handler: Handler<ActionFunctionArgs>, options: { createdOnPost?: boolean } = {}) {
  const createdOnPost = options.createdOnPost ?? true
  return async (args: ActionFunctionArgs) => {
    try {
      const result = await handler(args)
      const status = createdOnPost && args.request.method === 'POST' ? 201 : 200
      return toResponse(result, status)
    } catch (err) {
      return errorResponse(err)
    }
  }
}

export function methodNotAllowed(): never {
  throw new MethodNotAllowed()
}
