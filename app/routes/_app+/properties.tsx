// Logistics (spec §2.7): the property portfolio, each property's QR code and the products it stocks.
// What is open lives in the URL (?new, ?edit=<id>, ?qr=<id>, ?delete=<id>, ?q=<search>, ?page=<n>;
// in the editor ?pq= and ?pp= search and page the products to assign), so every screen state is a
// link and every change a form post that works without JavaScript. Lists show 50 at a time (decision 101).
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { Filter, Plus } from 'lucide-react'
import { PageNav, PageSummary } from '~/routes/_app+/components/catalog-pager'
import { SearchBox } from '~/areas/requests/components/request-filters'
import { usePermissions } from '~/areas/organisation/components/use-permissions'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { PropertyCard, PropertyCardIcons } from '~/areas/catalogue/components/property-card'
import { PropertyForm } from '~/areas/catalogue/components/property-form'
import { PropertyProducts } from '~/routes/_app+/components/property-products'
import { ParLevels, ReorderSuggestions } from '~/areas/insights/components/property-stock'
import { PropertyStandingOrders } from '~/areas/requests/components/property-standing-orders'
import { PropertyRequestFields } from '~/areas/requests/components/property-request-fields'
import { requestFieldsFromForm } from '~/areas/requests/request-fields.schema'
import { replaceRequestFields, requestFieldsOf } from '~/areas/requests/request-fields.server'
import { QrModal } from '~/areas/catalogue/components/qr-modal'
import { Button, ButtonLink, buttonClasses } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { ConfirmDialog } from '~/ui/confirm-dialog'
import { EmptyState } from '~/ui/empty-state'
import { env } from '~/lib/env.server'
import { Conflict, NotFound } from '~/lib/errors'
import { withErrorToast } from '~/lib/form-errors.server'
import { intentHandler } from '~/lib/intents'
import type { Manager } from '~/areas/people/user.server'
import { publicOrigin } from '~/lib/public-url.server'
import { AssignProductsForm, PropertyInput } from '~/areas/catalogue/property.schema'
import { ParLevelForm, ReorderForm } from '~/areas/insights/reorder.schema'
import { StandingOrderDeleteForm, StandingOrderForm } from '~/areas/requests/standing-order.schema'
import { redirectWithToast } from '~/lib/toast.server'
import { usePolling } from '~/lib/use-polling'
import { readCatalogQuery, type CatalogQuery } from '~/areas/catalogue/catalog-page.schema'
import {
  activatePropertyQr,
  assignedProductCounts,
  assignProducts,
  createProperty,
  deactivatePropertyQr,
  deleteProperty,
  findProperty,
  listAssignedProducts,
  pageAssignableProducts,
  pageProperties,
  removeProduct,
  updateProperty,
} from '~/areas/catalogue/property.server'
import { propertyReorderSuggestions, setParLevel } from '~/areas/insights/reorder.server'
import { createRequest } from '~/areas/requests/request-intake.server'
import { createStandingOrder, deleteStandingOrder, listPropertyStandingOrders } from '~/areas/requests/standing-order.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { timeZoneNames } from '~/lib/time-zones'
import { qrSvg } from '~/areas/catalogue/qr.server'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['create', 'update', 'delete', 'assign', 'remove', 'qr-activate', 'qr-deactivate', 'par-level', 'reorder', 'standing-order-create', 'standing-order-delete', 'request-fields'],
  permission: 'work',
}

export const meta: MetaFunction = () => [{ title: 'Logistics · Stockrun' }]

const REFETCH_MS = 60_000

/** The same query with only `keys` kept (a search and page), after `extra`. */
function keeping(params: URLSearchParams, keys: string[], extra: Record<string, string> = {}) {
  const kept = new URLSearchParams(extra)
  for (const key of keys) {
    const value = params.get(key)
    if (value) kept.set(key, value)
  }
  return kept.toString()
}

/** The list as the manager left it: their search and page. */
function listHref(params: URLSearchParams) {
  const query = keeping(params, ['q', 'page'])
  return query ? `/properties?${query}` : '/properties'
}

/** The editor's own search and page of products to assign (?pq=, ?pp=). */
const ASSIGN_QUERY = ['pq', 'pp']

/**
 * Back to the property's editor after a form post (on the search and page of products to assign it
 * was on, when given). An id that cannot be one of ours (ids are UUIDs) goes back to the list
 * instead, so a forged megabyte-long id never becomes a redirect header.
 */
function editHrefFor(id: string, from?: URLSearchParams) {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) return '/properties'
  return `/properties?${keeping(from ?? new URLSearchParams(), ASSIGN_QUERY, { edit: id })}`
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

async function editorData(orgId: string, id: string, selectAll: boolean, assignQuery: CatalogQuery) {
  const property = await findProperty(orgId, id)
  const [assigned, available, suggestions, standingOrders, timeZone, requestFields] = await Promise.all([
    listAssignedProducts(orgId, id),
    // A page of the catalog at a time, searchable: a catalog of thousands is never one checklist.
    pageAssignableProducts(orgId, id, assignQuery),
    propertyReorderSuggestions(orgId, id),
    listPropertyStandingOrders(orgId, id),
    organisationTimeZone(orgId),
    requestFieldsOf(orgId, id),
  ])
  const brief = (p: { id: string; name: string; category: string | null }) => ({ id: p.id, name: p.name, category: p.category })
  return {
    property: { id: property.id, name: property.name, address: property.address, isActive: property.isActive, qrCodeActive: property.qrCodeActive },
    assigned: assigned.map(brief),
    available: {
      products: available.rows.map(brief),
      total: available.total,
      offset: available.offset,
      page: available.page,
      pageCount: available.pageCount,
      q: assignQuery.q,
    },
    selectAll,
    stock: assigned.map((p) => ({ id: p.id, name: p.name, parLevel: p.parLevel })),
    suggestions,
    standingOrders,
    timeZone,
    timeZones: timeZoneNames(),
    requestFields: requestFields.fields,
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const orgId = manager.orgId
  const params = new URL(request.url).searchParams
  const query = readCatalogQuery(params)
  const editId = params.get('edit')
  const creating = params.has('new') && !editId
  // The key is for the browser (referrer-restricted at Google); only the form's address preview uses it.
  const mapsKey = creating || editId ? (env().GOOGLE_MAPS_API_KEY ?? null) : null

  let editor: Awaited<ReturnType<typeof editorData>> | null = null
  if (editId) {
    try {
      editor = await editorData(orgId, editId, params.get('select') === 'all', readCatalogQuery(params, 'pp', 'pq'))
    } catch (err) {
      if (!(err instanceof NotFound)) throw err
      throw await redirectWithToast(listHref(params), { title: 'Property not found', description: 'It may have been deleted.', variant: 'error' })
    }
  }

  // The overview is read only when it is shown: the editor and the new-property form take its place.
  const page = creating || editor ? null : await pageProperties(orgId, query)
  const openOne = async (id: string | null) => (id ? (page?.rows.find((p) => p.id === id) ?? findProperty(orgId, id).catch(() => null)) : null)
  const [productCounts, qrProperty, deleting] = await Promise.all([
    page ? assignedProductCounts(orgId, page.rows.map((p) => p.id)) : new Map<string, number>(),
    openOne(params.get('qr')),
    openOne(params.get('delete')),
  ])
  // Rendered here so the code shows without JavaScript; a failure shows the modal's fallback text.
  const svg = qrProperty?.qrCodeUrl ? await qrSvg(qrProperty.qrCodeUrl).catch(() => null) : null

  return json({
    now: new Date().toISOString(),
    search: query.q,
    page: page ? { page: page.page, pageCount: page.pageCount, total: page.total, offset: page.offset } : null,
    creating,
    editor,
    mapsKey,
    properties: (page?.rows ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      address: p.address,
      isActive: p.isActive,
      qrCodeActive: p.qrCodeActive,
      createdAt: p.createdAt.toISOString(),
      productCount: productCounts.get(p.id) ?? 0,
    })),
    qr: qrProperty ? { property: { id: qrProperty.id, name: qrProperty.name, qrCodeUrl: qrProperty.qrCodeUrl }, svg } : null,
    deleting: deleting ? { id: deleting.id, name: deleting.name } : null,
  })
}

/** A form post to the page: who sent it, what it holds, and the list or editor state it came from. */
type PropertyPost = { request: Request; manager: Manager; form: FormData; id: string; from: URLSearchParams }

/** The page's intents (the forms' `intent` field), each a manager's task. */
const PROPERTY_INTENTS = {
  create: addProperty,
  update: editProperty,
  delete: removeProperty,
  'qr-activate': (post: PropertyPost) => switchQrCode(post, true),
  'qr-deactivate': (post: PropertyPost) => switchQrCode(post, false),
  assign: assignChosenProducts,
  remove: removeAssignedProduct,
  'par-level': saveParLevel,
  reorder: requestReorder,
  'request-fields': saveRequestQuestions,
  'standing-order-create': addStandingOrder,
  'standing-order-delete': removeStandingOrder,
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = await request.formData()
  const handle = intentHandler(PROPERTY_INTENTS, form.get('intent'))
  if (!handle) return json({ error: 'Unknown action' }, { status: 400 })
  // Card forms post to the page's own URL, so a search and page in progress survive the redirect.
  return handle({ request, manager, form, id: String(form.get('id') ?? ''), from: new URL(request.url).searchParams })
}

async function addProperty({ request, manager, form }: PropertyPost) {
  const submission = parseWithZod(form, { schema: PropertyInput })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const created = await createProperty(manager.orgId, submission.value, publicOrigin(request))
  // Straight on to what the form promised: assigning its products (issue 28).
  return redirectWithToast(`${editHrefFor(created.id)}#product-assignment`, {
    title: 'Property created successfully with QR code auto-generated.',
    description: `Now assign the products ${created.name} stocks.`,
  })
}

async function editProperty({ request, manager, form, id }: PropertyPost) {
  const submission = parseWithZod(form, { schema: PropertyInput })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  return withErrorToast('/properties', 'Failed to update property.', async () => {
    await updateProperty(manager.orgId, id, submission.value, publicOrigin(request))
    return redirectWithToast('/properties', { title: 'Property updated successfully.' })
  })
}

/** Deleted only when nothing is connected to it; otherwise the toast says what is and what to do instead. */
async function removeProperty({ manager, id, from }: PropertyPost) {
  const backTo = listHref(from)
  try {
    await deleteProperty(manager.orgId, id)
    return redirectWithToast(backTo, { title: 'Property Deleted', description: 'The property has been deleted.' })
  } catch (err) {
    if (err instanceof Conflict) {
      const { blocking, suggestions } = err.details as { blocking: { requests: number; assignments: number }; suggestions: string[] }
      const connected = `Connected: ${plural(blocking.requests, 'request', 'requests')}, ${plural(blocking.assignments, 'runner assignment', 'runner assignments')}.`
      return redirectWithToast(backTo, {
        title: 'Cannot Delete Property',
        description: [err.message, connected, suggestions[0]].filter(Boolean).join(' '),
        variant: 'error',
      })
    }
    if (err instanceof NotFound) {
      return redirectWithToast(backTo, { title: 'Failed to delete property.', description: err.message, variant: 'error' })
    }
    throw err
  }
}

async function switchQrCode({ request, manager, id, from }: PropertyPost, active: boolean) {
  const backTo = listHref(from)
  return withErrorToast(backTo, 'Failed to update QR code status.', async () => {
    const property = active ? await activatePropertyQr(manager.orgId, id, publicOrigin(request)) : await deactivatePropertyQr(manager.orgId, id)
    return redirectWithToast(backTo, {
      title: 'QR Code Status Updated',
      description: `The QR code of ${property.name} is now ${property.qrCodeActive ? 'active' : 'inactive'}.`,
    })
  })
}

async function assignChosenProducts({ manager, form, id, from }: PropertyPost) {
  // Back to the same search and page of products to assign, to carry on down the list.
  const editHref = editHrefFor(id, from)
  const submission = parseWithZod(form, { schema: AssignProductsForm })
  if (submission.status !== 'success') {
    return redirectWithToast(editHref, { title: 'Failed to assign products to property.', description: 'Select at least one product to assign.', variant: 'error' })
  }
  return withErrorToast(editHref, 'Failed to assign products to property.', async () => {
    const { assigned, skipped } = await assignProducts(manager.orgId, id, submission.value.productId)
    return redirectWithToast(editHref, {
      title: `${assigned} product(s) assigned to property successfully.`,
      description: skipped > 0 ? `${skipped} product(s) already assigned and will be skipped.` : undefined,
    })
  })
}

async function removeAssignedProduct({ manager, form, id, from }: PropertyPost) {
  const editHref = editHrefFor(id, from)
  return withErrorToast(editHref, 'Failed to remove product from property.', async () => {
    await removeProduct(manager.orgId, id, String(form.get('productId') ?? ''))
    return redirectWithToast(editHref, { title: 'Product removed from property successfully.' })
  })
}

async function saveParLevel({ manager, form, id, from }: PropertyPost) {
  const editHref = editHrefFor(id, from)
  const submission = parseWithZod(form, { schema: ParLevelForm })
  if (submission.status !== 'success') {
    const message = submission.error?.parLevel?.[0] ?? 'Enter a whole number, or leave it empty.'
    return redirectWithToast(editHref, { title: 'Failed to save the par level.', description: message, variant: 'error' })
  }
  return withErrorToast(editHref, 'Failed to save the par level.', async () => {
    await setParLevel(manager.orgId, id, submission.value.productId, submission.value.parLevel)
    return redirectWithToast(editHref, { title: 'Par level saved.' })
  })
}

/** A reorder suggestion taken: a request in the manager's name, through the one way requests are made. */
async function requestReorder({ manager, form, id, from }: PropertyPost) {
  const editHref = editHrefFor(id, from)
  const submission = parseWithZod(form, { schema: ReorderForm })
  if (submission.status !== 'success') return redirectWithToast(editHref, { title: 'Failed to create the request.', variant: 'error' })
  return withErrorToast(editHref, 'Failed to create the request.', async () => {
    const who = [manager.firstName, manager.lastName].filter(Boolean).join(' ') || manager.email
    const { request: made } = await createRequest(
      manager.orgId,
      { propertyId: id, vendorName: who, requestedProducts: [{ productId: submission.value.productId, quantity: submission.value.quantity }] },
      { source: 'manager', note: 'From a reorder suggestion' },
    )
    return redirectWithToast(editHref, { title: `Request ${made.orderNumber} created.` })
  })
}

async function saveRequestQuestions({ manager, form, id, from }: PropertyPost) {
  const editHref = editHrefFor(id, from)
  return withErrorToast(editHref, 'Failed to save the questions.', async () => {
    const { fields } = await replaceRequestFields(manager.orgId, id, requestFieldsFromForm(form))
    return redirectWithToast(editHref, { title: fields.length ? `${plural(fields.length, 'question', 'questions')} saved.` : 'Questions removed.' })
  })
}

async function addStandingOrder({ manager, form, id, from }: PropertyPost) {
  const editHref = editHrefFor(id, from)
  const submission = parseWithZod(form, { schema: StandingOrderForm })
  if (submission.status !== 'success') return json({ standingOrder: submission.reply() }, { status: 400 })
  return withErrorToast(editHref, 'Failed to add the standing order.', async () => {
    await createStandingOrder(manager.orgId, { ...submission.value, propertyId: id })
    return redirectWithToast(editHref, { title: 'Standing order added.' })
  })
}

async function removeStandingOrder({ manager, form, id, from }: PropertyPost) {
  const editHref = editHrefFor(id, from)
  const submission = parseWithZod(form, { schema: StandingOrderDeleteForm })
  if (submission.status !== 'success') return redirectWithToast(editHref, { title: 'Failed to delete the standing order.', variant: 'error' })
  return withErrorToast(editHref, 'Failed to delete the standing order.', async () => {
    await deleteStandingOrder(manager.orgId, submission.value.standingOrderId)
    return redirectWithToast(editHref, { title: 'Standing order deleted.' })
  })
}

export default function LogisticsPage() {
  const data = useLoaderData<typeof loader>()
  const may = usePermissions()
  const actionData = useActionData<typeof action>()
  const lastResult = actionData && 'result' in actionData ? actionData.result : null
  const showForm = data.creating || data.editor !== null
  usePolling(REFETCH_MS, !showForm)
  const [params] = useSearchParams()
  const closeTo = listHref(params)

  return (
    <>
      <PageHeader
        title="Logistics"
        description="Manage your property portfolio and QR codes from one place"
        action={
          <>
            <a href="/api/properties?format=csv" download className={buttonClasses('secondary')}>
              Export CSV
            </a>
            {may.import ? (
              <ButtonLink to="/import?kind=properties" variant="secondary">
                Import CSV
              </ButtonLink>
            ) : null}
            <ButtonLink to="?new">
              <Plus className="h-4 w-4" aria-hidden="true" />
              New Property
            </ButtonLink>
          </>
        }
      />
      {showForm ? (
        <PropertyForm
          key={data.editor?.property.id ?? 'new'}
          property={data.editor?.property ?? null}
          lastResult={lastResult}
          mapsKey={data.mapsKey}
          cancelTo={closeTo}
        >
          {data.editor ? (
            <>
              <PropertyProducts
                key={data.editor.property.id}
                propertyId={data.editor.property.id}
                available={data.editor.available}
                params={params}
                assigned={data.editor.assigned}
                selectAll={data.editor.selectAll}
              />
              <ReorderSuggestions propertyId={data.editor.property.id} suggestions={data.editor.suggestions} timeZone={data.editor.timeZone} />
              <ParLevels propertyId={data.editor.property.id} lines={data.editor.stock} />
              <PropertyStandingOrders
                propertyId={data.editor.property.id}
                orders={data.editor.standingOrders}
                products={data.editor.stock}
                timeZone={data.editor.timeZone}
                timeZones={data.editor.timeZones}
                lastResult={actionData && 'standingOrder' in actionData ? actionData.standingOrder : null}
              />
              <PropertyRequestFields key={`fields-${data.editor.property.id}`} propertyId={data.editor.property.id} fields={data.editor.requestFields} />
            </>
          ) : null}
        </PropertyForm>
      ) : (
        <PropertiesOverview />
      )}
      {data.qr ? <QrModal property={data.qr.property} svg={data.qr.svg} closeTo={closeTo} /> : null}
      {data.deleting ? (
        <ConfirmDialog
          title="Delete Property"
          description={`Are you sure you want to delete ${data.deleting.name}? This cannot be undone.`}
          closeTo={closeTo}
          intent="delete"
          fields={{ id: data.deleting.id }}
        />
      ) : null}
    </>
  )
}

function PropertiesOverview() {
  const { properties, search, now, page } = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  const hrefWith = (param: string, value: string) => `?${keeping(params, ['q', 'page'], { [param]: value })}`
  const current = new Date(now)
  return (
    <Card>
      <CardHeader title="Properties Overview" />
      <CardBody className="space-y-4">
        <div className="flex gap-2">
          <SearchBox labelled id="property-search" q={search} label="Search properties" placeholder="Search properties..." />
          {/* Shown as in the spec; filtering beyond the search is not offered yet. */}
          <Button variant="secondary" aria-label="Filter" title="Filter">
            <Filter className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
        {page && page.total > 0 ? (
          <PageSummary offset={page.offset} shown={properties.length} total={page.total} noun={['property', 'properties']} testId="property-count" />
        ) : null}
        {properties.length === 0 ? (
          <EmptyState title="No Properties Found">
            {search ? 'No properties match your search.' : 'Get started by creating your first property.'}
          </EmptyState>
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {properties.map((property) => (
                <li key={property.id} className="flex">
                  <PropertyCard property={property} now={current} hrefWith={hrefWith} />
                </li>
              ))}
            </ul>
            <PropertyCardIcons />
          </>
        )}
        {page ? <PageNav params={params} page={page.page} pageCount={page.pageCount} label="Property pages" close={['qr', 'delete']} testId="property-pages" /> : null}
      </CardBody>
    </Card>
  )
}
