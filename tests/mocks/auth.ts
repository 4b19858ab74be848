// The identity provider, mocked: the whole OpenID Connect code flow (state, PKCE, token exchange,
// userinfo) completes on this machine. The browser leg (/mock-idp/authorize) is an Express handler;
// the server-to-provider calls are answered by MSW. Codes and tokens are self-contained, so the
// mock keeps no state and works in whichever process serves the app.
import crypto from 'node:crypto'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { http, HttpResponse } from 'msw'
import { MOCK_CLIENT, MOCK_ISSUER } from '../../app/areas/people/mock-identity-provider.server'

export const DEMO_OWNER_EMAIL = 'demo@stockrun.test'
export const MOCK_AUTHORIZE_PATH = '/mock-idp/authorize'

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const decode = <T>(value: string): T | null => {
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as T
  } catch {
    return null
  }
}

type Grant = { email: string; challenge: string; redirectUri: string; clientId: string; exp: number }

/** A login_hint starting with "denied" makes the provider refuse, to exercise the error path. */
export function mockAuthorize(req: ExpressRequest, res: ExpressResponse) {
  const q = req.query as Record<string, string | undefined>
  if (q.response_type !== 'code' || q.client_id !== MOCK_CLIENT.id || !q.redirect_uri || !q.state) {
    res.status(400).send('Bad authorization request')
    return
  }
  if (!q.code_challenge || q.code_challenge_method !== 'S256') {
    res.status(400).send('PKCE with S256 is required')
    return
  }
  const back = new URL(q.redirect_uri)
  back.searchParams.set('state', q.state)
  const email = (q.login_hint || DEMO_OWNER_EMAIL).trim().toLowerCase()
  if (email.startsWith('denied')) {
    back.searchParams.set('error', 'access_denied')
    back.searchParams.set('error_description', 'The user refused to sign in')
  } else {
    const grant: Grant = {
      email,
      challenge: q.code_challenge,
      redirectUri: q.redirect_uri,
      clientId: q.client_id,
      exp: Date.now() + 60_000,
    }
    back.searchParams.set('code', encode(grant))
  }
  res.redirect(302, back.toString())
}

function nameFromEmail(email: string) {
  const local = email.split('@')[0] ?? email
  const [first, ...rest] = local.split(/[._-]/)
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
  return { given_name: cap(first ?? local), family_name: rest.length ? cap(rest.join(' ')) : 'Manager' }
}

export const authHandlers = [
  http.get(`${MOCK_ISSUER}/.well-known/openid-configuration`, () =>
    HttpResponse.json({
      issuer: MOCK_ISSUER,
      authorization_endpoint: MOCK_AUTHORIZE_PATH,
      token_endpoint: `${MOCK_ISSUER}/token`,
      userinfo_endpoint: `${MOCK_ISSUER}/userinfo`,
      code_challenge_methods_supported: ['S256'],
    }),
  ),
  http.post(`${MOCK_ISSUER}/token`, async ({ request }) => {
    const form = new URLSearchParams(await request.text())
    const basic = request.headers.get('authorization')?.replace(/^Basic /, '')
    const [clientId, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [form.get('client_id'), form.get('client_secret')]
    if (clientId !== MOCK_CLIENT.id || secret !== MOCK_CLIENT.secret) {
      return HttpResponse.json({ error: 'invalid_client' }, { status: 401 })
    }
    const grant = decode<Grant>(form.get('code') ?? '')
    const verifier = form.get('code_verifier') ?? ''
    const challenge = crypto.createHash('sha256').update(verifier).digest('base64url')
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !grant ||
      grant.exp < Date.now() ||
      grant.challenge !== challenge ||
      grant.redirectUri !== form.get('redirect_uri')
    ) {
      return HttpResponse.json({ error: 'invalid_grant' }, { status: 400 })
    }
    return HttpResponse.json({
      access_token: encode({ email: grant.email }),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid email profile',
    })
  }),
  http.get(`${MOCK_ISSUER}/userinfo`, ({ request }) => {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? ''
    const claims = decode<{ email: string }>(token)
    if (!claims?.email) return HttpResponse.json({ error: 'invalid_token' }, { status: 401 })
    return HttpResponse.json({ sub: claims.email, email: claims.email, email_verified: true, ...nameFromEmail(claims.email) })
  }),
]
