// POST /switch-organisation { organisationId, redirectTo? }: the sidebar's switcher, a plain form that
// works without JavaScript, one button per organisation. The active organisation lives in this session (decision 070).
import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { toastHeader } from '~/lib/toast.server'
import { chooseOrganisation, requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'resource', callers: ['manager'], methods: ['GET', 'HEAD', 'POST'], permission: 'work' }

const SwitchForm = z.object({ organisationId: z.string().trim().min(1).max(100), redirectTo: z.string().optional() })

export async function loader() {
  return redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = SwitchForm.safeParse(Object.fromEntries(await request.formData()))
  if (!form.success) return redirect('/')
  // Another organisation's pages may name ids this one has not: land on the same section, not the same record.
  const section = `/${(form.data.redirectTo ?? '/').split(/[/?#]/)[1] ?? ''}`
  const response = await chooseOrganisation(request, manager.userId, form.data.organisationId, section)
  // Said once on the next page, by name (issue 34): the sidebar alone changes too quietly to notice.
  const chosen = manager.organisations?.find((o) => o.id === form.data.organisationId)
  if (chosen && chosen.id !== manager.orgId) response.headers.append('Set-Cookie', await toastHeader({ title: `Switched to ${chosen.name}`, description: 'Its requests, runs and invoices are shown now.' }))
  return response
}
