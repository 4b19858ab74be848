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

/** The /api error contract as a status and a JSON body: Remix's answer (errorResponse) and the direct JSON lane's alike. */
export function errorAnswer(err: unknown): { status: number; body: Record<string, unknown>; headers?: Record<string, string> } {
  if (err instanceof z.ZodError) return errorAnswer(invalidFromZod(err))
  if (err instanceof Conflict) return { status: 409, body: { error: err.message, message: err.message, ...err.details } }
  const unavailable = storageProblem(err)
  if (unavailable) return { status: 503, body: { error: unavailable.message }, headers: { 'Retry-After': String(unavailable.retryAfter) } }
  if (err instanceof Invalid) return { status: err.status, body: { error: err.message, fieldErrors: err.fieldErrors } }
  if (err instanceof DomainError) return { status: err.status, body: { error: err.message } }
  console.error(err)
  return { status: 500, body: { error: 'Something went wrong on our side. Please try again.' } }
}

export function errorResponse(err: unknown): Response {
  if (err instanceof Response) return err
  const { status, body, headers } = errorAnswer(err)
  return json(body, { status, headers })
}

/** A JSON body as sent: empty means `{}`; anything unparseable is bad input, never a 500. */
export function jsonBodyFrom(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw new Invalid('Request body must be valid JSON.')
  }
}

/** A JSON post's answer as data: what the direct JSON lane writes (decision 064). */
export type JsonAnswer = { status: number; body?: unknown; headers?: Record<string, string> }
/**
 * What a route exports as `directJsonAction`: the body as sent, the origin it came to, and its answer.
 * `request` makes, when a handler asks (to read who is signed in), a Fetch Request with the method,
 * address and headers but no body: the body is `text`, already read.
 */
export type DirectJsonAction = (input: { text: string; origin: string; request: () => Request }) => Promise<JsonAnswer>
export type DirectJsonInput = { body: unknown; origin: string; request: () => Request }

/**
 * A route's JSON post made answerable by the Express server without Remix (decision 064), with the
 * same contract as apiAction: 201 with the result, 204 when there is none, the error contract on a
 * refusal. The errors are mapped here, in the build's own copy of this module, because the server's
 * bundle has a copy of the error classes of its own that `instanceof` would not recognise.
 */
export function directJson(handler: (input: DirectJsonInput) => Promise<unknown>): DirectJsonAction {
  return async ({ text, origin, request }) => {
    try {
      // Parsed when the handler first reads it, so a route that signs the caller in first answers 401 before 400.
      const result = await handler({
        get body() {
          return jsonBodyFrom(text)
        },
        origin,
        request,
      })
      return result === undefined ? { status: 204 } : { status: 201, body: result }
    } catch (err) {
      return errorAnswer(err)
    }
  }
}

/**
 * Remix's action for a route with a `directJsonAction`: the same function, the same answer, for when
 * the direct lane does not take the post (development, or a body that is not JSON).
 */
export function actionFromDirectJson(direct: DirectJsonAction) {
  const action = async ({ request }: ActionFunctionArgs) => {
    if (request.method !== 'POST') return errorResponse(new MethodNotAllowed())
    let text: string
    try {
      text = await request.text()
    } catch {
      return errorResponse(new Invalid('Request body must be valid JSON.'))
    }
    const { status, body, headers } = await direct({ text, origin: new URL(request.url).origin, request: () => request })
    return body === undefined ? new Response(null, { status, headers }) : json(body, { status, headers })
  }
  return acceptsMethods(action, ['POST'])
}

/** A JSON body, unvalidated (for a handler that validates it itself). */
export async function readJsonBody(request: Request): Promise<unknown> {
  let text: string
  try {
    text = await request.text()
  } catch {
    throw new Invalid('Request body must be valid JSON.')
  }
  return jsonBodyFrom(text)
}

/** Reads a JSON body and validates it. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readJsonBody(request))
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

/** A body that could not even be parsed (broken JSON, a form that is not one): bad input, never a 500. */
export class UnreadableBody extends Invalid {}

type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const METHODS = Symbol.for('stockrun.acceptedMethods')

/** The write methods an action declared (see apiAction's `methods`); undefined means POST only. */
export function acceptedMethods(action: unknown): WriteMethod[] | undefined {
  return (action as { [METHODS]?: WriteMethod[] } | undefined)?.[METHODS]
}

/** Declares the write methods an action takes, read by the server's one method guard (405 + Allow). */
export function acceptsMethods<F extends object>(action: F, methods: WriteMethod[]): F {
  return Object.assign(action, { [METHODS]: methods })
}

/**
 * Like apiLoader; a POST that returns an object answers 201 (a create), other methods 200.
 * `methods` are the write methods this route takes (POST when not given); others answer 405.
 */
export function apiAction(handler: Handler<ActionFunctionArgs>, options: { createdOnPost?: boolean; methods?: WriteMethod[] } = {}) {
  const createdOnPost = options.createdOnPost ?? true
  const methods = options.methods ?? ['POST']
  const action = async (args: ActionFunctionArgs) => {
    try {
      if (!methods.includes(args.request.method as WriteMethod)) methodNotAllowed()
      const result = await handler(args)
      const status = createdOnPost && args.request.method === 'POST' ? 201 : 200
      return toResponse(result, status)
    } catch (err) {
      return errorResponse(err)
    }
  }
  return acceptsMethods(action, methods)
}

export function methodNotAllowed(): never {
  throw new MethodNotAllowed()
}

/** The headers of a page with more after it: X-Next-Cursor, and a Link to it with rel="next". */
export function nextPageHeaders(url: URL, nextCursor: string | null) {
  const headers = new Headers()
  if (nextCursor) {
    const next = new URL(url)
    next.searchParams.set('cursor', nextCursor)
    headers.set('X-Next-Cursor', nextCursor)
    headers.set('Link', `<${next.pathname}${next.search}>; rel="next"`)
  }
  return headers
}
