// One-shot messages after a redirect ("Property updated successfully."), carried in a short cookie
// so they work for vendors and runners without a session, and without JavaScript.
import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { z } from 'zod'
import { env } from './env.server'

export const ToastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(['success', 'error', 'info']).default('success'),
})
export type Toast = z.input<typeof ToastSchema>

type ToastFlash = { toast: z.output<typeof ToastSchema> }
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, ToastFlash>> | undefined
function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, ToastFlash>({
    cookie: {
      name: '__stockrun_toast',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: env().NODE_ENV === 'production',
      secrets: env().sessionSecrets,
    },
  })
  return storage
}

export async function toastHeader(toast: Toast) {
  const session = await toastStorage().getSession()
  session.flash('toast', ToastSchema.parse(toast))
  return toastStorage().commitSession(session)
}

export async function redirectWithToast(to: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await toastHeader(toast))
  return redirect(to, { ...init, headers })
}

/** The pending toast, if any, and the header that clears it. */
export async function takeToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get('Cookie'))
  const parsed = ToastSchema.safeParse(session.get('toast'))
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success ? { 'Set-Cookie': await toastStorage().destroySession(session) } : undefined,
  }
}
