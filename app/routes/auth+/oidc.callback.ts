// GET /auth/oidc/callback: the provider sends the browser back here with a code; we finish the flow.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { requirePrimary } from '~/lib/litefs.server'
import { isPendingInvitation } from '~/areas/people/invitation.server'
import { RegistrationClosed, signInFromIdentity } from '~/areas/people/user.server'
import { clearSignInState, completeSignIn, RETURN_COOKIE, returnPathOf, signUpTimeZone, startManagerSession, ZONE_COOKIE } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'resource', callers: ['anonymous'], methods: ['GET', 'HEAD'] }

/**
 * A person signing in to accept a pending invitation gets no organisation of their own (and is let in
 * while registration is closed); the invitation page then checks their address and joins them.
 */
async function isOnTheWayToInvitation(back: string) {
  // Tokens are base64url: nothing in them is ever percent-encoded.
  const token = /^\/invite\/([^/?#]+)$/.exec(back)?.[1]
  return token ? isPendingInvitation(token) : false
}

const welcomePath = (back: string) => (back === '/' ? '/welcome' : `/welcome?redirectTo=${encodeURIComponent(back)}`)

export async function loader({ request }: LoaderFunctionArgs) {
  // Signing in creates the user and the session: only the primary may.
  requirePrimary(request)
  try {
    const identity = await completeSignIn(request)
    const back = returnPathOf(request)
    const user = await signInFromIdentity(identity, { followingInvitation: await isOnTheWayToInvitation(back), timeZone: signUpTimeZone(request) })
    // A new organisation's owner names it and sets its clock first; then goes where they were going.
    const firstRun = 'firstRun' in user && user.firstRun
    const response = await startManagerSession(request, user.id, firstRun ? welcomePath(back) : back)
    response.headers.append('Set-Cookie', `${RETURN_COOKIE}=; Path=/auth; Max-Age=0`)
    response.headers.append('Set-Cookie', `${ZONE_COOKIE}=; Path=/auth; Max-Age=0`)
    return response
  } catch (thrown) {
    if (thrown instanceof Response) throw thrown
    // The provider says "no" on the callback URL; anything else (state, PKCE, token) is our failure to verify.
    const providerRefused = new URL(request.url).searchParams.has('error')
    const reason = thrown instanceof RegistrationClosed ? 'registration_closed' : providerRefused ? 'denied' : 'failed'
    if (reason === 'failed') console.warn('Sign-in callback failed:', (thrown as Error).message)
    const headers = new Headers()
    for (const cookie of clearSignInState(request)) headers.append('Set-Cookie', cookie)
    return redirect(`/login?error=${reason}`, { headers })
  }
}
