// A depot's stock (issue 37): every product in bin order with on hand, reserved and available, read
// from the kept totals in one statement (decision 128). A row's "Record" opens, in the URL, the forms
// for that product: a movement anyone may record (received, adjusted, damaged, returned, with a reason
// and a note), and its reorder point, reorder quantity and bin, which owners and admins set; they also
// rename the depot or change its address (?dialog=edit-depot). Plain form posts: the page works the
// same without JavaScript.
import { parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { PageNav, PageSummary } from '~/routes/_app+/components/catalog-pager'
import { Download, Pencil } from 'lucide-react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { Badge } from '~/ui/badge'
import { Button, buttonClasses } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { Field, SelectField } from '~/ui/field'
import { DomainError } from '~/lib/errors'
import { redirectWithToast } from '~/lib/toast.server'
import { permissionsOf, requirePermissionOnPage } from '~/areas/organisation/permissions'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { depotOrNotFound } from '~/areas/stock/depot-page.server'
import { changeDepot } from '~/areas/stock/depot.server'
import { DepotEditDialog, EDIT_DEPOT_DIALOG } from '~/areas/stock/components/depot-edit-dialog'
import { STOCK_PAGE_SIZE, stockPage, updateStockSettings } from '~/areas/stock/depot-stock.server'
import { recordMovement } from '~/areas/stock/stock-movement.server'
import { DepotInput, MovementInput, StockSettingsInput } from '~/areas/stock/stock.schema'
import { DepotNav } from '~/areas/stock/components/depot-nav'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['move', 'settings', 'rename'],
  permission: 'work',
  intentPermissions: { settings: 'stock', rename: 'stock' },
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.depot.name ?? 'Depot'} · Stock · Stockrun` }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const depot = await depotOrNotFound(manager.orgId, params.id!)
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page')) || 1))
  const found = await stockPage(manager.orgId, depot.id, { q, offset: (page - 1) * STOCK_PAGE_SIZE, productId: url.searchParams.get('product') })
  return json({
    depot: { id: depot.id, name: depot.name, address: depot.address },
    may: permissionsOf(manager),
    q,
    page,
    pageCount: Math.max(1, Math.ceil(found.total / STOCK_PAGE_SIZE)),
    total: found.total,
    offset: found.offset,
    stock: found.lines,
    chosen: found.chosen,
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = await request.formData()
  const intent = form.get('intent')
  // Refused before the depot is looked up: the refusal says why, whoever's depot it is.
  if (intent === 'settings' || intent === 'rename') requirePermissionOnPage(manager, 'stock')
  const depot = await depotOrNotFound(manager.orgId, params.id!)
  const productId = String(form.get('productId') ?? '')
  const back = `/depots/${depot.id}?product=${encodeURIComponent(productId)}`
  try {
    if (intent === 'rename') {
      const submission = parseWithZod(form, { schema: DepotInput })
      if (submission.status !== 'success') return json({ intent: 'rename' as const, result: submission.reply() }, { status: 400 })
      const changed = await changeDepot(manager.orgId, depot.id, submission.value)
      return redirectWithToast(`/depots/${depot.id}`, { title: 'Depot Saved', description: `${changed.name} keeps its stock, counts and ledger.` })
    }
    if (intent === 'move') {
      // The depot is the page's, whatever the form says.
      form.set('depotId', depot.id)
      const submission = parseWithZod(form, { schema: MovementInput })
      if (submission.status !== 'success') return json({ intent: 'move' as const, result: submission.reply() }, { status: 400 })
      const { onHand } = await recordMovement(manager.orgId, manager.userId, submission.value)
      return redirectWithToast(back, { title: 'Movement Recorded', description: `On hand is now ${onHand}.` })
    }
    if (intent === 'settings') {
      const submission = parseWithZod(form, { schema: StockSettingsInput })
      if (submission.status !== 'success') return json({ intent: 'settings' as const, result: submission.reply() }, { status: 400 })
      await updateStockSettings(manager.orgId, depot.id, productId, submission.value)
      return redirectWithToast(back, { title: 'Reorder Settings Saved' })
    }
  } catch (err) {
    if (err instanceof DomainError) return redirectWithToast(`/depots/${depot.id}`, { title: 'Not Changed', description: err.message, variant: 'error' })
    throw err
  }
  return redirectWithToast(`/depots/${depot.id}`, { title: 'Error', description: 'Unknown action', variant: 'error' })
}

export default function DepotStockPage() {
  const { depot, may, q, page, pageCount, total, offset, stock, chosen } = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  const actionData = useActionData<typeof action>()
  // A refused form's answer, for the form that sent it: its messages and what was typed.
  const replyTo = (intent: 'move' | 'settings' | 'rename') => (actionData && 'intent' in actionData && actionData.intent === intent ? actionData.result : null)
  const errorsOf = (intent: 'move' | 'settings' | 'rename') => replyTo(intent)?.error ?? {}
  const moveErrors = errorsOf('move')
  const settingErrors = errorsOf('settings')
  const editing = may.stock && params.get('dialog') === EDIT_DEPOT_DIALOG
  return (
    <>
      <PageHeader
        title={depot.name}
        description={depot.address ?? 'Stock on hand, reserved for open deliveries, and available'}
        action={
          <div className="flex flex-wrap gap-2">
            {may.stock ? (
              <Link to={`?dialog=${EDIT_DEPOT_DIALOG}`} className={buttonClasses('secondary')}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
                Edit depot
              </Link>
            ) : null}
            <a href={`/api/depots/${depot.id}/stock?format=csv`} className={buttonClasses('secondary')} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              Download CSV
            </a>
          </div>
        }
      />
      {editing ? (
        <DepotEditDialog
          depot={depot}
          closeTo={`/depots/${depot.id}`}
          errors={errorsOf('rename')}
          sent={replyTo('rename')?.initialValue}
        />
      ) : null}
      <DepotNav depotId={depot.id} />
      {chosen ? (
        <Card className="mb-6" aria-labelledby="chosen-product">
          <CardHeader
            title={<span id="chosen-product">{chosen.name}</span>}
            description={`On hand ${chosen.onHand} · reserved ${chosen.reserved} · available ${chosen.available}${chosen.bin ? ` · bin ${chosen.bin}` : ''}`}
            action={
              <Link to={`/depots/${depot.id}${q ? `?q=${encodeURIComponent(q)}` : ''}`} className="text-sm text-brand-700 hover:underline">
                Close
              </Link>
            }
          />
          <CardBody className="grid gap-6 lg:grid-cols-2">
            {/* Keyed by what is on hand: a recorded movement empties the form (with JavaScript, a redirect to the same address would keep what was typed, and a second press would record it twice). */}
            <Form key={`${chosen.productId}-${chosen.onHand}`} method="post" className="flex flex-col gap-3" aria-label="Record a movement">
              <h3 className="text-sm font-semibold text-slate-900">Record a movement</h3>
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="productId" value={chosen.productId} />
              <SelectField label="Reason" name="reason" defaultValue="receive" errors={moveErrors.reason}>
                <option value="receive">Received (adds)</option>
                <option value="return">Returned (adds)</option>
                <option value="damage">Damaged (takes off)</option>
                <option value="adjust">Adjusted (a signed change)</option>
              </SelectField>
              <Field label="Quantity" name="quantity" inputMode="numeric" pattern="-?[0-9]*" required errors={moveErrors.quantity} hint="How many; for an adjustment, negative takes stock off." />
              <Field label="Note" name="note" maxLength={500} errors={moveErrors.note} hint="Why, for the ledger (optional)." />
              <Button type="submit">Record movement</Button>
            </Form>
            {may.stock ? (
              <Form method="post" className="flex flex-col gap-3" aria-label="Reorder settings">
                <h3 className="text-sm font-semibold text-slate-900">Reorder settings</h3>
                <input type="hidden" name="intent" value="settings" />
                <input type="hidden" name="productId" value={chosen.productId} />
                <Field label="Reorder point" name="reorderPoint" inputMode="numeric" pattern="[0-9]*" defaultValue={chosen.reorderPoint ?? ''} errors={settingErrors.reorderPoint} hint="Reorder when available falls to this. Empty: never." />
                <Field label="Reorder quantity" name="reorderQuantity" inputMode="numeric" pattern="[0-9]*" defaultValue={chosen.reorderQuantity ?? ''} errors={settingErrors.reorderQuantity} />
                <Field label="Bin" name="bin" maxLength={40} defaultValue={chosen.bin ?? ''} errors={settingErrors.bin} hint="Where it sits, e.g. A-03; the count walks bins in order." />
                <Button type="submit" variant="secondary">Save settings</Button>
              </Form>
            ) : null}
          </CardBody>
        </Card>
      ) : null}
      <Card>
        <CardHeader title="Stock on hand" description="In bin order. Available is on hand less what open deliveries have reserved." />
        <CardBody>
          <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              Find a product or bin
              <input type="search" name="q" defaultValue={q} className="block w-64 rounded-md border border-slate-300 px-3 py-2 text-sm" />
            </label>
            <Button type="submit" variant="secondary">Find</Button>
          </Form>
          <PageSummary offset={offset} shown={stock.length} total={total} noun={['product', 'products']} testId="stock-count" />
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Stock table">
            <table className="w-full text-left text-sm" id="stock-table">
              <caption className="sr-only">{`Stock at ${depot.name}`}</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">Bin</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Product</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">On hand</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">Reserved</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">Available</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">Reorder point</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">Reorder qty</th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Record</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {stock.map((s) => (
                  <tr key={s.productId} className="border-b border-slate-100 last:border-0">
                    <td className="py-1.5 pr-3 text-slate-600">{s.bin ?? '—'}</td>
                    <th scope="row" className="py-1.5 pr-3 font-medium text-slate-900">{s.name}</th>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{s.onHand}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{s.reserved}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">
                      {s.reorderPoint !== null && s.available <= s.reorderPoint ? <Badge tone="red">{`${s.available} low`}</Badge> : s.available}
                    </td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{s.reorderPoint ?? '—'}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{s.reorderQuantity ?? '—'}</td>
                    <td className="py-1.5 text-right">
                      <Link to={`?${new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}), product: s.productId })}`} className="text-brand-700 hover:underline" preventScrollReset={false}>
                        Record<span className="sr-only">{` for ${s.name}`}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {stock.length === 0 ? <p className="py-4 text-sm text-slate-600">{q ? `No product or bin matches “${q}”.` : 'No products yet: add them under Products.'}</p> : null}
          </div>
          <PageNav params={params} page={page} pageCount={pageCount} label="Stock pages" close={['product']} />
        </CardBody>
      </Card>
    </>
  )
}
