// Logistics (spec §2.7): the property portfolio, each property's QR code and the products it stocks.
// What is open lives in the URL (?new, ?edit=<id>, ?qr=<id>, ?delete=<id>, ?q=<search>, ?page=<n>;
// in the editor ?pq= and ?pp= search and page the products to assign), so every screen state is a
// link and every change a form post that works without JavaScript. Lists show 50 at a time (decision 101).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { Filter, Plus } from 'lucide-react'
import { PageNav, PageSummary } from '~/routes/_app+/components/catalog-pager'
import { SearchBox } from '~/areas/requests/components/request-filters'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { CatalogCsvLinks } from '~/routes/_app+/components/catalog-csv-links'
import { PropertyCard, PropertyCardIcons } from '~/areas/catalogue/components/property-card'
import { PropertyForm } from '~/areas/catalogue/components/property-form'
import { PropertyProducts } from '~/routes/_app+/components/property-products'
import { ParLevels, ReorderSuggestions } from '~/areas/insights/components/property-stock'
import { PropertyStandingOrders } from '~/areas/requests/components/property-standing-orders'
import { PropertyRequestFields } from '~/areas/requests/components/property-request-fields'
import { requestFieldsOf } from '~/areas/requests/request-fields.server'
import { QrModal } from '~/areas/catalogue/components/qr-modal'
import { Button, ButtonLink } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { ConfirmDialog } from '~/ui/confirm-dialog'
import { EmptyState } from '~/ui/empty-state'
import { env } from '~/lib/env.server'
import { NotFound } from '~/lib/errors'
import { intentHandler } from '~/lib/intents'
import { redirectWithToast } from '~/lib/toast.server'
import { usePolling } from '~/lib/use-polling'
import { readCatalogQuery, type CatalogQuery } from '~/areas/catalogue/catalog-page.schema'
import { findProperty, listAssignedProducts, pageAssignableProducts } from '~/areas/catalogue/property.server'
import { assignedProductCounts, pageProperties } from '~/areas/catalogue/property-list.server'
import { propertyReorderSuggestions } from '~/areas/insights/reorder.server'
import { listPropertyStandingOrders } from '~/areas/requests/standing-order.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { timeZoneNames } from '~/lib/time-zones'
import { qrSvg } from '~/areas/catalogue/qr.server'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { keeping, listHref } from '~/areas/catalogue/property-links'
import { PROPERTY_INTENTS } from './properties.server'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['create', 'update', 'delete', 'assign', 'remove', 'qr-activate', 'qr-deactivate', 'par-level', 'reorder', 'standing-order-create', 'standing-order-delete', 'request-fields'],
  permission: 'work',
}

export const meta: MetaFunction = () => [{ title: 'Logistics · Stockrun' }]

const REFETCH_MS = 60_000


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

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = await request.formData()
  const handle = intentHandler(PROPERTY_INTENTS, form.get('intent'))
  if (!handle) return json({ error: 'Unknown action' }, { status: 400 })
  // Card forms post to the page's own URL, so a search and page in progress survive the redirect.
  return handle({ request, manager, form, id: String(form.get('id') ?? ''), from: new URL(request.url).searchParams })
}

export default function LogisticsPage() {
  const data = useLoaderData<typeof loader>()
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
            <CatalogCsvLinks kind="properties" />
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
