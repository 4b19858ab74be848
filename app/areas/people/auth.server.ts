// Sign-in through an OpenID Connect provider (remix-auth + remix-auth-oauth2), and the guards
// that turn a request into the signed-in manager.
import crypto from 'node:crypto'
import { redirect } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { OAuth2Strategy } from 'remix-auth-oauth2'
import { z } from 'zod'
import { env } from '~/lib/env.server'
import { Unauthorized } from '~/lib/errors'
import { operationOf, type RouteContract } from '~/areas/organisation/route-contract'
import { managerFromApiKey } from '~/areas/people/api-key.server'
import { listedTimeZone } from '~/lib/time-zones'
import { findManager, findPerson } from '~/areas/people/signed-in-manager.server'
import { displayName, type IdentityProfile, type Manager } from '~/areas/people/user.server'
import { oncePerRequest, setActor } from '~/lib/actor-context.server'
import { deleteAllSessionsOf } from '~/areas/people/session.server'
import { markActive } from '~/areas/people/membership.server'
import { publicOrigin } from '~/lib/public-url.server'
import { getSession, sessionStorage } from './session-storage.server'
import { MOCK_CLIENT, MOCK_ISSUER } from './mock-identity-provider.server'

const Discovery = z.object({
  authorization_endpoint: z.string(),
  token_endpoint: z.string().url(),
  userinfo_endpoint: z.string().url(),
})
type Discovery = z.infer<typeof Discovery>

const UserInfo = z.object({
  email: z.string().email(),
  given_name: z.string().nullish(),
  family_name: z.string().nullish(),
  picture: z.string().nullish(),
})

export class SignInNotConfigured extends Error {
  constructor() {
    super('Sign-in is not configured: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or MOCKS=true.')
  }
}

function providerSettings() {
  const e = env()
  if (e.mocks) return { issuer: MOCK_ISSUER, clientId: MOCK_CLIENT.id, clientSecret: MOCK_CLIENT.secret }
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID) throw new SignInNotConfigured()
  return { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET ?? null }
}

export function providerName() {
  return env().OIDC_PROVIDER_NAME
}

const discovered = new Map<string, Promise<Discovery>>()

function discover(issuer: string) {
  let found = discovered.get(issuer)
  if (!found) {
    found = fetch(new URL('.well-known/openid-configuration', issuer.endsWith('/') ? issuer : `${issuer}/`)).then(
      async (res) => {
        if (!res.ok) throw new Error(`OpenID discovery failed with ${res.status}`)
        return Discovery.parse(await res.json())
      },
    )
    // A failed discovery is tried again on the next sign-in rather than remembered.
    found.catch(() => discovered.delete(issuer))
    discovered.set(issuer, found)
  }
  return found
}

class OidcStrategy extends OAuth2Strategy<IdentityProfile> {
  name = 'oidc'

  // OpenID Connect's login_hint pre-fills (or, with our mock, chooses) the account at the provider.
  protected authorizationParams(params: URLSearchParams, request: Request) {
    const next = new URLSearchParams(params)
    const hint = new URL(request.url).searchParams.get('login_hint')
    if (hint) next.set('login_hint', hint)
    return next
  }
}

async function authenticatorFor(request: Request) {
  const settings = providerSettings()
  const endpoints = await discover(settings.issuer)
  const origin = publicOrigin(request)
  const strategy = new OidcStrategy(
    {
      cookie: {
        name: '__stockrun_oidc',
        httpOnly: true,
        sameSite: 'Lax',
        ...(env().NODE_ENV === 'production' ? { secure: true as const } : {}),
        path: '/auth',
      },
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      // A provider may name its authorization page relative to us (our local mock does).
      authorizationEndpoint: new URL(endpoints.authorization_endpoint, origin),
      tokenEndpoint: endpoints.token_endpoint,
      redirectURI: `${origin}/auth/oidc/callback`,
      scopes: ['openid', 'email', 'profile'],
    },
    async ({ tokens }) => {
      const res = await fetch(endpoints.userinfo_endpoint, {
        headers: { Authorization: `Bearer ${tokens.accessToken()}` },
      })
      if (!res.ok) throw new Error(`The identity provider's userinfo answered ${res.status}`)
      const info = UserInfo.parse(await res.json())
      return { email: info.email, firstName: info.given_name, lastName: info.family_name, profileImageUrl: info.picture }
    },
  )
  return new Authenticator<IdentityProfile>().use(strategy)
}

/** Where the browser goes after the callback: set by POST /auth/oidc, read back on the callback. */
export const RETURN_COOKIE = '__stockrun_return'

export function returnPathOf(request: Request) {
  const cookie = request.headers.get('Cookie') ?? ''
  const match = cookie.match(new RegExp(`${RETURN_COOKIE}=([^;]+)`))
  return safeRedirect(match ? decodeURIComponent(match[1]!) : '/')
}

/** The browser's time zone, for the organisation a first sign-in creates: set by POST /auth/oidc, read on the callback. */
export const ZONE_COOKIE = '__stockrun_zone'

export function signUpTimeZone(request: Request) {
  const match = new RegExp(`(?:^|;\\s*)${ZONE_COOKIE}=([^;]+)`).exec(request.headers.get('Cookie') ?? '')
  return match ? listedTimeZone(decodeURIComponent(match[1]!)) : null
}

/** Starts the code flow: answers with a redirect to the provider (thrown as a Response). */
export async function beginSignIn(request: Request, loginHint?: string) {
  const url = new URL(request.url)
  if (loginHint) url.searchParams.set('login_hint', loginHint)
  const auth = await authenticatorFor(request)
  await auth.authenticate('oidc', new Request(url, { headers: request.headers }))
  throw new Error('The identity provider did not redirect')
}

// Codes already presented on a callback, by digest, until they could no longer be valid anyway.
// Providers refuse a reused code too; this refuses a replayed callback even before asking them.
const CODE_LIFETIME_MS = 10 * 60_000
const usedCodes = new Map<string, number>()

function refuseReusedCode(request: Request) {
  const code = new URL(request.url).searchParams.get('code')
  if (!code) return
  const now = Date.now()
  for (const [digest, until] of usedCodes) if (until <= now) usedCodes.delete(digest)
  const digest = crypto.createHash('sha256').update(code).digest('base64url')
  if (usedCodes.has(digest)) throw new Error('This sign-in code was already used')
  usedCodes.set(digest, now + CODE_LIFETIME_MS)
}

/** Finishes the code flow on the callback; answers the signed-in user's id. */
/** Finishes the code flow: who the identity provider vouches for (what that person gets is the caller's to decide). */
export async function completeSignIn(request: Request): Promise<IdentityProfile> {
  refuseReusedCode(request)
  const auth = await authenticatorFor(request)
  return auth.authenticate('oidc', request)
}

/** Headers that forget the short-lived state and PKCE cookies (one per started flow) after a callback. */
export function clearSignInState(request: Request) {
  const names = (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter((name) => name.startsWith('__stockrun_oidc'))
  return names.map((name) => `${name}=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax`)
}

export async function startManagerSession(request: Request, userId: string, redirectTo = '/') {
  // A fresh session on every sign-in, so a session id planted before sign-in is never promoted;
  // the one the browser held before is ended on the server too.
  const previous = await getSession(request)
  if (previous.id) await sessionStorage().destroySession(previous)
  const session = await sessionStorage().getSession()
  session.set('userId', userId)
  const headers = new Headers()
  headers.append('Set-Cookie', await sessionStorage().commitSession(session))
  for (const cookie of clearSignInState(request)) headers.append('Set-Cookie', cookie)
  return redirect(safeRedirect(redirectTo), { headers })
}

/**
 * Makes one of the person's organisations the one they act for, in this session only (another
 * browser keeps its own). An organisation they do not belong to is ignored: they stay where they were.
 */
export async function chooseOrganisation(request: Request, userId: string, orgId: string, redirectTo = '/') {
  const chosen = await findManager(userId, orgId)
  const session = await getSession(request)
  if (chosen?.orgId !== orgId) return redirect(safeRedirect(redirectTo))
  session.set('orgId', orgId)
  await markActive(userId, orgId)
  return redirect(safeRedirect(redirectTo), { headers: { 'Set-Cookie': await sessionStorage().commitSession(session) } })
}

/** The organisation this session acts for, if it has chosen one (a read: nothing is written). */
export async function activeOrganisationId(request: Request): Promise<string | null> {
  const orgId = (await getSession(request)).get('orgId')
  return typeof orgId === 'string' ? orgId : null
}

/**
 * Who is signed in, whether or not they belong to any organisation yet: the invitation page's
 * question (someone who signed in to accept an invitation has no organisation until they do).
 */
export async function signedInPerson(request: Request) {
  const userId = (await getSession(request)).get('userId')
  if (typeof userId !== 'string') return null
  return findPerson(userId)
}

export async function endManagerSession(request: Request) {
  const session = await getSession(request)
  return redirect('/login', { headers: { 'Set-Cookie': await sessionStorage().destroySession(session) } })
}

/** Ends every one of the manager's sessions, this one included, and sends them to /login. */
export async function endAllManagerSessions(request: Request, userId: string) {
  const session = await getSession(request)
  await deleteAllSessionsOf(userId)
  return redirect('/login', { headers: { 'Set-Cookie': await sessionStorage().destroySession(session) } })
}

async function readManager(request: Request) {
  const session = await getSession(request)
  const userId = session.get('userId')
  if (typeof userId !== 'string') return null
  return findManager(userId, session.get('orgId'))
}

/** How stale "last active" may get before an action refreshes it: one write per person per interval, not per action. */
const ACTIVE_REFRESH_MS = 5 * 60_000

function markActiveIfStale(request: Request, manager: Manager) {
  if (request.method === 'GET' || request.method === 'HEAD') return
  const last = manager.lastActiveAt ? new Date(manager.lastActiveAt).getTime() : 0
  if (Date.now() - last < ACTIVE_REFRESH_MS) return
  return markActive(manager.userId, manager.orgId)
}

export async function getManager(request: Request): Promise<Manager | null> {
  // A page's loaders share one session and manager read. Only for reads: an action may sign in or
  // out, and the loaders after it must see that.
  const reading = request.method === 'GET' || request.method === 'HEAD'
  const manager = await (reading ? oncePerRequest(`manager ${request.headers.get('Cookie') ?? ''}`, () => readManager(request)) : readManager(request))
  if (manager) {
    setActor({ type: 'user', id: manager.userId, name: displayName(manager), orgId: manager.orgId })
    await markActiveIfStale(request, manager)
  }
  return manager
}

/** For pages: a visitor without a session is sent to /login and brought back afterwards. */
export async function requireManager(request: Request): Promise<Manager> {
  const manager = await getManager(request)
  if (!manager) {
    const url = new URL(request.url)
    const back = url.pathname + url.search
    throw redirect(back === '/' ? '/login' : `/login?redirectTo=${encodeURIComponent(back)}`)
  }
  return manager
}

/**
 * For /api: no session is a 401 JSON error, never a redirect. `Authorization: Bearer <API key>` stands
 * for the key's organisation, within the scope the calling route's contract gives this method
 * (lib/route-contract.ts); a key never falls back to the session.
 */
export async function requireApiManager(request: Request, contract: Pick<RouteContract, 'operations'>): Promise<Manager> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1]
  if (bearer) return managerFromApiKey(bearer, operationOf(contract, request.method))
  const manager = await getManager(request)
  if (!manager) throw new Unauthorized()
  return manager
}

/** Only same-site paths, so a crafted link cannot bounce a manager to another site after sign-in. */
export function safeRedirect(to: string | null | undefined, fallback = '/') {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  // Browsers drop tabs and line breaks in URLs and read a backslash as a slash: "/<tab>/evil.test" is "//evil.test".
  if (to.includes('\\') || [...to].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return fallback
  const base = 'http://stockrun.invalid'
  try {
    if (new URL(to, base).origin !== base) return fallback
  } catch {
    return fallback
  }
  return to
}
