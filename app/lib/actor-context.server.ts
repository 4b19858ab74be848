// Who is acting in the current request, so the audit log can name them without every model
// function taking an extra argument. Express opens one context per request (withActorContext);
// whatever authenticates the caller (a session, a runner token, an API key) names the actor in it.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { NextFunction, Request, Response } from 'express'

export type ActorType = 'user' | 'runner' | 'vendor' | 'api_key' | 'system'
export type Actor = { type: ActorType; id: string | null; name: string | null; orgId?: string | null }

type Context = { actor: Actor | null; ip: string | null; kept?: Map<string, Promise<unknown>> }

declare global {
  var __stockrunActors: AsyncLocalStorage<Context> | undefined
}

// One store per process: the Express server and the Remix build are bundled apart, and each would
// otherwise hold its own copy of this module.
const storage: AsyncLocalStorage<Context> = (globalThis.__stockrunActors ??= new AsyncLocalStorage<Context>())

/** Express middleware: a fresh, empty context for each request. */
export function withActorContext(req: Request, _res: Response, next: NextFunction) {
  storage.run({ actor: null, ip: req.ip ?? null }, next)
}

/** Names the one acting for the rest of this request (no-op outside a request, e.g. in jobs). */
export function setActor(actor: Actor) {
  const context = storage.getStore()
  if (context) context.actor = actor
}

/** The one acting now: the named actor, or an anonymous vendor during a request, or the system. */
export function currentActor(): Actor {
  const context = storage.getStore()
  if (!context) return { type: 'system', id: null, name: null }
  return context.actor ?? { type: 'vendor', id: null, name: null }
}

/** Runs work (a test, a job) as a given actor. */
export function runAs<T>(actor: Actor, work: () => T): T {
  return storage.run({ actor, ip: null }, work)
}

/**
 * Within one request, one answer per key: a page's layout and route loaders each ask for the
 * signed-in manager, with Request objects of their own. Outside a request (jobs), always reads.
 */
export function oncePerRequest<T>(key: string, read: () => Promise<T>): Promise<T> {
  const context = storage.getStore()
  if (!context) return read()
  context.kept ??= new Map()
  let found = context.kept.get(key) as Promise<T> | undefined
  if (!found) {
    found = read()
    context.kept.set(key, found)
  }
  return found
}
