// Suppliers (issue 37): who the organisation buys from, how to reach them and how many days they take.
// Adding and editing are a form on the page (?new, ?edit=<id>) that posts without JavaScript; only
// owners and admins see it, and the action asks the policy again.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Plus } from 'lucide-react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { Button, ButtonLink } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { EmptyState } from '~/ui/empty-state'
import { Field } from '~/ui/field'
import { withErrorToast } from '~/lib/form-errors.server'
import { redirectWithToast } from '~/lib/toast.server'
import { requireManager } from '~/areas/people/auth.server'
import { can, requirePermissionOnPage } from '~/areas/organisation/permissions'
import { SupplierInput } from '~/areas/purchasing/supplier.schema'
import { createSupplier, listSuppliers, updateSupplier } from '~/areas/purchasing/supplier.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['save'],
  permission: 'work',
  intentPermissions: { save: 'purchasing' },
}

export const meta: MetaFunction = () => [{ title: 'Suppliers · Stockrun' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const params = new URL(request.url).searchParams
  const suppliers = await listSuppliers(manager.orgId)
  const mayManage = can(manager, 'purchasing')
  const editId = params.get('edit')
  const editing = mayManage && editId ? (suppliers.find((s) => s.id === editId) ?? null) : null
  if (editId && mayManage && !editing) throw await redirectWithToast('/suppliers', { title: 'Supplier not found', variant: 'error' })
  return json({ suppliers, mayManage, creating: mayManage && params.has('new'), editing })
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  requirePermissionOnPage(manager, 'purchasing')
  const form = await request.formData()
  const id = String(form.get('id') ?? '')
  const submission = parseWithZod(form, { schema: SupplierInput })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  return withErrorToast('/suppliers', id ? 'Supplier not changed' : 'Supplier not added', async () => {
    if (id) await updateSupplier(manager.orgId, id, submission.value)
    else await createSupplier(manager.orgId, submission.value)
    return redirectWithToast('/suppliers', { title: id ? `${submission.value.name} saved` : `${submission.value.name} added` })
  })
}

type Errors = Record<string, string[] | null | undefined>

function SupplierForm({ supplier, errors }: { supplier: { id: string; name: string; email: string | null; phone: string | null; leadTimeDays: number } | null; errors: Errors }) {
  return (
    <Card className="mb-6">
      <CardHeader title={supplier ? `Edit ${supplier.name}` : 'Add a supplier'} />
      <CardBody>
        <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="save" />
          {supplier ? <input type="hidden" name="id" value={supplier.id} /> : null}
          <Field label="Name" name="name" required defaultValue={supplier?.name ?? ''} errors={errors.name} autoComplete="organization" />
          <Field label="E-mail" name="email" type="email" defaultValue={supplier?.email ?? ''} errors={errors.email} hint="Purchase orders are sent here." autoComplete="email" />
          <Field label="Phone" name="phone" type="tel" defaultValue={supplier?.phone ?? ''} errors={errors.phone} autoComplete="tel" />
          <Field label="Lead time (days)" name="leadTimeDays" type="number" min={0} max={365} inputMode="numeric" defaultValue={String(supplier?.leadTimeDays ?? 0)} errors={errors.leadTimeDays} hint="From sending an order to it arriving." />
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit">{supplier ? 'Save supplier' : 'Add supplier'}</Button>
            <ButtonLink to="/suppliers" variant="secondary">
              Cancel
            </ButtonLink>
          </div>
        </Form>
      </CardBody>
    </Card>
  )
}

export default function Suppliers() {
  const { suppliers, mayManage, creating, editing } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const errors = (reply && 'result' in reply ? (reply.result.error ?? {}) : {}) as Errors
  const formOpen = creating || editing || Object.keys(errors).length > 0
  return (
    <div>
      <PageHeader
        title="Suppliers"
        description="Who you buy stock from, and how long they take to deliver."
        action={
          mayManage && !formOpen ? (
            <ButtonLink to="/suppliers?new">
              <Plus className="h-4 w-4" aria-hidden="true" /> Add supplier
            </ButtonLink>
          ) : null
        }
      />
      {formOpen ? <SupplierForm supplier={editing} errors={errors} /> : null}
      {suppliers.length === 0 ? (
        <EmptyState title="No suppliers yet">Add the companies you buy from, then choose each product's supplier on the Products page.</EmptyState>
      ) : (
        <Card>
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">Name</th>
                  <th scope="col" className="px-4 py-3">E-mail</th>
                  <th scope="col" className="px-4 py-3">Phone</th>
                  <th scope="col" className="px-4 py-3 text-right">Lead time</th>
                  {mayManage ? <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th> : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {suppliers.map((s) => (
                  <tr key={s.id}>
                    <td className="px-4 py-3 font-medium text-slate-900">{s.name}</td>
                    <td className="px-4 py-3">{s.email ?? '—'}</td>
                    <td className="px-4 py-3">{s.phone ?? '—'}</td>
                    <td className="px-4 py-3 text-right">{s.leadTimeDays === 1 ? '1 day' : `${s.leadTimeDays} days`}</td>
                    {mayManage ? (
                      <td className="px-4 py-3 text-right">
                        <Link to={`/suppliers?edit=${s.id}`} className="font-medium text-brand-700 hover:underline">
                          Edit<span className="sr-only"> {s.name}</span>
                        </Link>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </div>
  )
}
