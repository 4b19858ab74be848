// POST /auth/oidc: starts the OpenID Connect code flow and sends the browser to the provider.
import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { env } from '~/lib/env.server'
import { listedTimeZone } from '~/lib/time-zones'
import { beginSignIn, RETURN_COOKIE, SignInNotConfigured, safeRedirect, ZONE_COOKIE } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'resource', callers: ['anonymous'], methods: ['GET', 'HEAD', 'POST'] }

const SignInForm = z.object({
  login_hint: z.string().trim().email().optional().or(z.literal('').transform(() => undefined)),
  redirectTo: z.string().optional(),
  timeZone: z.string().max(64).optional(),
})

export async function loader() {
  return redirect('/login')
}

export async function action({ request }: ActionFunctionArgs) {
  const form = SignInForm.safeParse(Object.fromEntries(await request.formData()))
  const hint = form.success ? form.data.login_hint : undefined
  const back = safeRedirect(form.success ? form.data.redirectTo : undefined)
  const zone = listedTimeZone(form.success ? form.data.timeZone : undefined)
  try {
    await beginSignIn(request, hint)
  } catch (thrown) {
    if (thrown instanceof Response) {
      const attributes = `Path=/auth; HttpOnly; SameSite=Lax; Max-Age=600${env().NODE_ENV === 'production' ? '; Secure' : ''}`
      thrown.headers.append('Set-Cookie', `${RETURN_COOKIE}=${encodeURIComponent(back)}; ${attributes}`)
      if (zone) thrown.headers.append('Set-Cookie', `${ZONE_COOKIE}=${encodeURIComponent(zone)}; ${attributes}`)
      return thrown
    }
    if (thrown instanceof SignInNotConfigured) return redirect('/login?error=not_configured')
    console.error('Could not start sign-in:', thrown)
    return redirect('/login?error=failed')
  }
}
