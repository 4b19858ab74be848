import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { BrandedPanel } from '~/ui/branded-panel'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { env } from '~/lib/env.server'
import { isRegistrationEnabled } from '~/areas/organisation/settings.server'
import { getManager, providerName, safeRedirect } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['anonymous'], methods: ['GET', 'HEAD'] }

export const meta: MetaFunction = () => [{ title: 'Sign in · Stockrun' }]

const SIGN_IN_ERRORS: Record<string, string> = {
  registration_closed: 'Registration is closed: new organisations cannot sign up right now. Ask an owner to add you.',
  denied: 'Sign-in was cancelled at the identity provider. Please try again.',
  not_configured: 'Sign-in is not configured on this server yet.',
  failed: 'We could not sign you in. Please try again.',
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getManager(request)) throw redirect('/')
  const url = new URL(request.url)
  const error = url.searchParams.get('error')
  return json({
    provider: providerName(),
    redirectTo: safeRedirect(url.searchParams.get('redirectTo'), ''),
    error: error ? (SIGN_IN_ERRORS[error] ?? SIGN_IN_ERRORS.failed) : null,
    registrationOpen: await isRegistrationEnabled(),
    mocks: env().mocks,
  })
}

export default function Login() {
  const data = useLoaderData<typeof loader>()
  // The form is a full-page post (the provider is another site), so pending state is kept locally.
  const [signingIn, setSigningIn] = useState(false)
  // A first sign-in starts its organisation on this browser's clock; without JavaScript the first-run
  // step asks. Rendered, not set while submitting: the re-render setSigningIn causes runs before the
  // form is read and reset a value written straight into the field (issue 34).
  const [browserZone, setBrowserZone] = useState('')
  useEffect(() => setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ''), [])
  return (
    <BrandedPanel>
      <h1 className="text-xl font-semibold">Welcome to Stockrun</h1>
      <p className="mt-1 text-sm text-slate-600">Sign in with your {data.provider} account to continue</p>
      {data.error ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {data.error}
        </p>
      ) : null}
      {!data.registrationOpen && !data.error ? (
        <p className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-800">
          Registration is closed: only existing accounts can sign in.
        </p>
      ) : null}
      <Form
        method="post"
        action="/auth/oidc"
        className="mt-6 space-y-4"
        reloadDocument
        onSubmit={() => setSigningIn(true)}
      >
        <input type="hidden" name="timeZone" value={browserZone} />
        {data.redirectTo ? <input type="hidden" name="redirectTo" value={data.redirectTo} /> : null}
        <Field
          label="E-mail (optional)"
          name="login_hint"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          hint={data.mocks ? 'Local sign-in: any address signs in as that person.' : 'Passed to the provider to pick your account.'}
        />
        <Button type="submit" className="w-full" pending={signingIn} pendingLabel="Signing in...">
          Sign in with {data.provider}
        </Button>
      </Form>
    </BrandedPanel>
  )
}
