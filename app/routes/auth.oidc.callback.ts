// GET /auth/oidc/callback: the provider sends the browser back here with a code; we finish the flow.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { requirePrimary } from '~/lib/litefs.server'
import { RegistrationClosed } from '~/models/user.server'
import { clearSignInState, completeSignIn, RETURN_COOKIE, returnPathOf, startManagerSession, ZONE_COOKIE } from '~/services/auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
  // Signing in creates the user and the session: only the primary may.
  requirePrimary(request)
  try {
    const userId = await completeSignIn(request)
    const response = await startManagerSession(request, userId, returnPathOf(request))
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
