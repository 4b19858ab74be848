// Signing a bench's manager in through the mocked identity provider.
/** A cookie-keeping walk through the mocked sign-in (login form → provider → callback). */
export async function signIn(base, email) {
  const jar = new Map()
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const keep = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair.indexOf('=')
      const value = pair.slice(eq + 1)
      if (!value || /max-age=0/i.test(line)) jar.delete(pair.slice(0, eq))
      else jar.set(pair.slice(0, eq), value)
    }
  }
  let res = await fetch(`${base}/auth/oidc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams({ login_hint: email }),
    redirect: 'manual',
  })
  keep(res)
  for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
    res = await fetch(new URL(res.headers.get('location'), base), { headers: { Cookie: cookie() }, redirect: 'manual' })
    keep(res)
  }
  if (!jar.has('__stockrun_session')) throw new Error('Sign-in failed')
  return cookie()
}
