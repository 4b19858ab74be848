// A count at the shelf (issue 37, item 4), made for a 360 px phone without JavaScript: products in bin
// order, each with its own small form, so every shelf counted is saved as it is counted and a lost
// signal loses one line at most. The count is of the moment it was opened (decision 130): a line
// records counted − what the ledger said then, and what moved since still applies. The expected
// figure is not shown: a count that shows it tends to find it.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { Button } from '~/ui/button'
import { Card, CardBody } from '~/ui/card'
import { narrowInputClasses } from '~/ui/field'
import { DomainError } from '~/lib/errors'
import { formatDateTime } from '~/lib/format'
import { redirectWithToast } from '~/lib/toast.server'
import { parseWithZod } from '@conform-to/zod/v4'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { depotOrNotFound } from '~/areas/stock/depot-page.server'
import { closeCount, countView, openCount, openCountOf, recordCountLine } from '~/areas/stock/stock-count.server'
import { CountLineInput } from '~/areas/stock/stock.schema'
import { DepotNav } from '~/areas/stock/components/depot-nav'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['open', 'line', 'close'],
  permission: 'work',
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Count · ${data?.depot.name ?? 'Depot'} · Stockrun` }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const depot = await depotOrNotFound(manager.orgId, params.id!)
  const [countId, timeZone] = await Promise.all([openCountOf(manager.orgId, depot.id), organisationTimeZone(manager.orgId)])
  const count = countId ? await countView(manager.orgId, depot.id, countId) : null
  return json({
    depot: { id: depot.id, name: depot.name },
    count: count ? { id: count.id, openedAt: formatDateTime(count.openedAt, timeZone), lines: count.lines.map((l) => ({ productId: l.productId, name: l.name, bin: l.bin, counted: l.counted })) } : null,
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  // The form is read before the depot is looked up, as every action does: a 404 answered with the
  // body unread left the next post on the same connection without an answer (the fuzz walk found it).
  const form = await request.formData()
  const depot = await depotOrNotFound(manager.orgId, params.id!)
  const here = `/depots/${depot.id}/count`
  const intent = form.get('intent')
  try {
    if (intent === 'open') {
      await openCount(manager.orgId, depot.id, manager.userId)
      return redirectWithToast(here, { title: 'Count Opened', description: 'Type what is on each shelf and save it.' })
    }
    if (intent === 'line') {
      const submission = parseWithZod(form, { schema: CountLineInput })
      if (submission.status !== 'success') return json({ productId: String(form.get('productId') ?? ''), errors: submission.reply().error ?? {} }, { status: 400 })
      const { movement, onHand } = await recordCountLine(manager.orgId, manager.userId, { depotId: depot.id, countId: String(form.get('countId') ?? ''), ...submission.value })
      const change = movement.quantity === 0 ? 'no change' : `${movement.quantity > 0 ? '+' : ''}${movement.quantity}`
      return redirectWithToast(`${here}#line-${submission.value.productId}`, { title: 'Counted', description: `${change}; on hand is now ${onHand}.` })
    }
    if (intent === 'close') {
      await closeCount(manager.orgId, depot.id, String(form.get('countId') ?? ''))
      return redirectWithToast(`/depots/${depot.id}`, { title: 'Count Closed' })
    }
  } catch (err) {
    if (err instanceof DomainError) return redirectWithToast(here, { title: 'Not Counted', description: err.message, variant: 'error' })
    throw err
  }
  return redirectWithToast(here, { title: 'Error', description: 'Unknown action', variant: 'error' })
}

export default function CountPage() {
  const { depot, count } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const counted = count?.lines.filter((l) => l.counted !== null).length ?? 0
  return (
    <>
      <PageHeader title={`Count at ${depot.name}`} description={count ? `Opened ${count.openedAt} · ${counted} of ${count.lines.length} counted` : 'Count the shelves, product by product, in bin order.'} />
      <DepotNav depotId={depot.id} />
      {count ? (
        <>
          <ol className="flex flex-col gap-2" aria-label="Products to count">
            {count.lines.map((l) => {
              const errors = refused && 'errors' in refused && refused.productId === l.productId ? refused.errors.counted : undefined
              const inputId = `counted-${l.productId}`
              return (
                <li key={l.productId} id={`line-${l.productId}`} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
                  <Form method="post" className="flex flex-wrap items-end justify-between gap-2">
                    <input type="hidden" name="intent" value="line" />
                    <input type="hidden" name="countId" value={count.id} />
                    <input type="hidden" name="productId" value={l.productId} />
                    <div className="min-w-0 flex-1">
                      <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
                        {l.name}
                      </label>
                      <p className="text-xs text-slate-600">
                        {l.bin ? `Bin ${l.bin}` : 'No bin'}
                        {l.counted !== null ? ` · counted ${l.counted}` : ''}
                      </p>
                    </div>
                    <div className="flex items-end gap-2">
                      <input
                        id={inputId}
                        name="counted"
                        inputMode="numeric"
                        pattern="[0-9]*"
                        required
                        defaultValue={l.counted ?? ''}
                        className={narrowInputClasses('w-20')}
                        aria-invalid={errors?.length ? true : undefined}
                        aria-describedby={errors?.length ? `${inputId}-error` : undefined}
                      />
                      <Button type="submit" size="md" variant={l.counted !== null ? 'secondary' : 'primary'}>
                        {l.counted !== null ? 'Recount' : 'Save'}
                        <span className="sr-only">{` ${l.name}`}</span>
                      </Button>
                    </div>
                    {errors?.length ? (
                      <p id={`${inputId}-error`} className="w-full text-sm text-red-600">
                        {errors[0]}
                      </p>
                    ) : null}
                  </Form>
                </li>
              )
            })}
          </ol>
          <Form method="post" className="mt-6">
            <input type="hidden" name="intent" value="close" />
            <input type="hidden" name="countId" value={count.id} />
            <Button type="submit" variant="secondary">Close the count</Button>
            <p className="mt-1 text-xs text-slate-600">Products not counted keep what the ledger says.</p>
          </Form>
        </>
      ) : (
        <Card>
          <CardBody>
            <p className="mb-3 text-sm text-slate-700">
              A count is of the moment it is opened: deliveries and receipts while you count still apply on top of what you type.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="open" />
              <Button type="submit">Start a count</Button>
            </Form>
          </CardBody>
        </Card>
      )}
    </>
  )
}
