// A small HTTP client that keeps cookies like a browser and sends a same-origin Origin on writes.
export class TestClient {
  private cookies = new Map<string, string>()

  constructor(readonly base: string) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      if (!value || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  async fetch(path: string, init: RequestInit & { json?: unknown; form?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers)
    const cookie = this.cookieHeader()
    if (cookie) headers.set('Cookie', cookie)
    const method = (init.method ?? 'GET').toUpperCase()
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('Origin')) headers.set('Origin', this.base)
    let body = init.body
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(init.json)
    } else if (init.form) {
      body = new URLSearchParams(init.form)
    }
    const url = path.startsWith('http') ? path : this.base + path
    const res = await fetch(url, { ...init, method, headers, body, redirect: 'manual' })
    this.remember(res)
    return res
  }

  get(path: string, init?: RequestInit) {
    return this.fetch(path, { ...init, method: 'GET' })
  }
  post(path: string, json?: unknown, init?: RequestInit) {
    return this.fetch(path, { ...init, method: 'POST', json })
  }
  put(path: string, json?: unknown) {
    return this.fetch(path, { method: 'PUT', json })
  }
  patch(path: string, json?: unknown) {
    return this.fetch(path, { method: 'PATCH', json })
  }
  delete(path: string) {
    return this.fetch(path, { method: 'DELETE' })
  }
  postForm(path: string, form: Record<string, string>) {
    return this.fetch(path, { method: 'POST', form })
  }

  /** Follows redirects by hand (keeping cookies), answering the last response and the path it ended on. */
  async follow(res: Response, limit = 10) {
    let current = res
    let location = ''
    for (let i = 0; i < limit && current.status >= 300 && current.status < 400; i++) {
      location = new URL(current.headers.get('location')!, this.base).toString()
      current = await this.fetch(location)
    }
    return { res: current, path: location ? new URL(location).pathname + new URL(location).search : '' }
  }

  /** Signs in through the login form's post, the provider's authorize page and the callback. */
  async signIn(email?: string, fields: Record<string, string> = {}) {
    const form: Record<string, string> = { ...fields }
    if (email) form.login_hint = email
    const { res, path } = await this.follow(await this.postForm('/auth/oidc', form))
    return { res, path }
  }
}
