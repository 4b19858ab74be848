// Every page a person can see, and how to reach each of its states: the screen itself and each dialog
// or drawer that opens on it (dialogs live in the URL, decision 002). tests/e2e/pages*.spec.ts audits
// every view with axe; page-inventory.test.ts fails when a page route file has no entry here, or an
// entry names a file that is gone. A new page is one line in PAGES (plus any dialogs it opens).

/** What the audit builds once per worker, through the manager's own /api, for the URLs below. */
export type PageWorld = {
  propertyId: string
  productId: string
  pendingRequestId: string
  invoiceId: string
  /** A draft purchase order (issue 37). */
  purchaseOrderId: string
  /** /runner/:runnerId/:token of a runner with one assignment. */
  runnerPortal: string
  /** /runner/:runnerId/:token/load/:runId: that runner's Load the van checklist of a run. */
  vanLoad: string
  /** /delivery/:assignmentId/:token of that assignment. */
  deliveryLink: string
  /** /track/:token of a request a vendor sent. */
  trackPath: string
  /** The first day of the period that holds the world's requests and deliveries (YYYY-MM-DD). */
  periodFrom: string
  periodTo: string
  /** The organisation's first depot, holding the product (bin, reorder point, a movement). */
  depotId: string
  /** A second depot with a count open. */
  countDepotId: string
}

export type PageView = {
  name: string
  path: (w: PageWorld) => string
  /** The open dialog's accessible name: the audit first checks that it really is open. */
  dialog?: string | RegExp
  /** A drawer or panel (a named region) the view opens: checked the same way. */
  region?: string
  /** Some states exist only after a vendor has acted in this browser: a filled cart, a sent request. */
  before?: 'vendor-cart' | 'vendor-sent'
  /** Reached only by a form post (the error page for a method the page does not answer, an import preview). */
  method?: 'POST'
  /** The form that post sends (multipart), when it needs one. */
  form?: Record<string, string>
  /** The status the page answers with, when it is not 200. */
  status?: number
}

export type PageEntry = {
  /** The route module, relative to app/routes (root.tsx: the app's own error page). */
  file: string
  /** manager: signed in as a manager; anyone: signed out (vendors, runners, the login page). */
  who: 'manager' | 'anyone'
  /** Vendors and runners use basic phones: these pages are audited with JavaScript off as well. */
  jsOff?: boolean
  /** A layout has no screen of its own; it is audited through every page it wraps. */
  layout?: true
  /** How long one view's audit may take, when the page is far longer than a screen (default: a test's own 60 s). */
  auditMs?: number
  views: PageView[]
}

const view = (name: string, path: PageView['path'], more: Omit<PageView, 'name' | 'path'> = {}): PageView => ({ name, path, ...more })

export const PAGES: PageEntry[] = [
  { file: '_app+/_layout.tsx', who: 'manager', layout: true, views: [] },
  {
    file: '_app+/_index.tsx',
    who: 'manager',
    views: [view('dashboard', () => '/'), view('dashboard with a request picked on the map', (w) => `/?selected=${w.pendingRequestId}`, { region: 'Selected Request' })],
  },
  { file: '_app+/vendors.tsx', who: 'manager', views: [view('vendors', () => '/vendors')] },
  {
    file: '_app+/properties.tsx',
    who: 'manager',
    views: [
      view('list', () => '/properties'),
      view('new property', () => '/properties?new'),
      // With a par level, a reorder suggestion and a standing order (the world sets them up).
      view('edit property', (w) => `/properties?edit=${w.propertyId}`),
      view('QR code', (w) => `/properties?qr=${w.propertyId}`, { dialog: /^QR Code - / }),
      view('delete property', (w) => `/properties?delete=${w.propertyId}`, { dialog: 'Delete Property' }),
    ],
  },
  {
    file: '_app+/products.tsx',
    who: 'manager',
    views: [
      view('list', () => '/products'),
      view('new product', () => '/products?new', { dialog: 'Add Product' }),
      view('edit product', (w) => `/products?edit=${w.productId}`, { dialog: 'Edit Product' }),
      view('delete product', (w) => `/products?delete=${w.productId}`, { dialog: /^Delete .*\?$/ }),
      view('translate product', (w) => `/products?translate=${w.productId}`, { dialog: /^Translations of / }),
    ],
  },
  {
    file: '_app+/requests.tsx',
    who: 'manager',
    views: [
      view('list', () => '/requests'),
      view('new request', () => '/requests?dialog=new-request', { dialog: 'New Request' }),
      view('new request for a property', (w) => `/requests?dialog=new-request&propertyId=${w.propertyId}`, { dialog: 'New Request' }),
      view('request details', (w) => `/requests?dialog=details&id=${w.pendingRequestId}`, { dialog: /^Request ORD-/ }),
    ],
  },
  {
    file: '_app+/dispatch.tsx',
    who: 'manager',
    views: [
      view('board', () => '/dispatch'),
      view('add runner', () => '/dispatch?dialog=add-runner', { dialog: 'Add Runner' }),
      view('assign runner', (w) => `/dispatch?assign=${w.pendingRequestId}`, { dialog: 'Assign Runner' }),
    ],
  },
  { file: '_app+/suppliers.tsx', who: 'manager', jsOff: true, views: [view('suppliers', () => '/suppliers'), view('add supplier', () => '/suppliers?new')] },
  { file: '_app+/purchase-orders._index.tsx', who: 'manager', jsOff: true, views: [view('purchase orders', () => '/purchase-orders')] },
  { file: '_app+/purchase-orders.suggestions.tsx', who: 'manager', jsOff: true, views: [view('what to order', () => '/purchase-orders/suggestions')] },
  {
    file: '_app+/purchase-orders.$id.tsx',
    who: 'manager',
    // Receiving is done at the shelf, on a phone that may run no JavaScript.
    jsOff: true,
    views: [
      view('purchase order', (w) => `/purchase-orders/${w.purchaseOrderId}`),
      view('send purchase order', (w) => `/purchase-orders/${w.purchaseOrderId}?confirm=send`, { dialog: /^Send PO-/ }),
      view('cancel purchase order', (w) => `/purchase-orders/${w.purchaseOrderId}?confirm=cancel`, { dialog: /^Cancel PO-/ }),
    ],
  },
  {
    file: '_app+/billing.tsx',
    who: 'manager',
    views: [
      view('invoices', () => '/billing'),
      view('archived invoices', () => '/billing?tab=archived'),
      view('new invoice', () => '/billing?dialog=new-invoice', { dialog: 'New Invoice' }),
      view('invoice from requests', () => '/billing?dialog=from-requests', { dialog: 'Create Invoice from Requests' }),
      view('invoice details', (w) => `/billing?dialog=details&id=${w.invoiceId}`, { dialog: /^Invoice / }),
      view('delete invoice', (w) => `/billing?dialog=delete&id=${w.invoiceId}`, { dialog: 'Delete invoice permanently?' }),
      view('e-mail invoice', (w) => `/billing?dialog=email&id=${w.invoiceId}`, { dialog: /^E-mail invoice / }),
    ],
  },
  {
    file: '_app+/qr-codes.tsx',
    who: 'manager',
    views: [view('sheet', () => '/qr-codes'), view('vendor preview', (w) => `/qr-codes?property=${w.propertyId}`)],
  },
  { file: '_app+/map.tsx', who: 'manager', views: [view('map', () => '/map'), view('map with a request picked', (w) => `/map?selected=${w.pendingRequestId}`, { region: 'Selected Request' })] },
  { file: '_app+/notifications.tsx', who: 'manager', views: [view('notifications', () => '/notifications')] },
  // Settings sections (account, preferences, delivery rules, sessions, audit log, API keys and webhooks with
  // their delivery log, system administration) are all on the one page; the world lists a key and a webhook.
  {
    file: '_app+/settings.tsx',
    who: 'manager',
    views: [
      view('settings', () => '/settings'),
      view('audit log filtered', (w) => `/settings?action=request&from=${w.periodFrom}&to=${w.periodTo}`),
      view('audit log, bad filter', () => '/settings?from=not-a-date&action=nonsense'),
      view('API key form with its field messages', () => '/settings', { method: 'POST', status: 400, form: { intent: 'integrations-create-key', name: '' } }),
      view('organisation form with its field messages', () => '/settings', { method: 'POST', status: 400, form: { intent: 'organisation-identity', name: '', contactEmail: 'not-an-address' } }),
    ],
  },
  // Team: members, pending invitations and the invite dialog (a one-person organisation, as the world's).
  {
    file: '_app+/team.tsx',
    who: 'manager',
    views: [
      view('team', () => '/team'),
      view('invite', () => '/team?dialog=invite', { dialog: 'Invite someone' }),
      view('invite form with its field messages', () => '/team?dialog=invite', { method: 'POST', status: 400, form: { intent: 'invite', email: 'not-an-address', role: 'member' } }),
      view('leave', () => '/team?dialog=leave', { dialog: 'Leave the organisation?' }),
    ],
  },
  // The first-run step (issue 34): the world's owner skipped it on sign-up; it still opens, and answers its field messages.
  {
    file: 'welcome.tsx',
    who: 'manager',
    views: [
      view('first-run step', () => '/welcome'),
      view('first-run step with its field messages', () => '/welcome', { method: 'POST', status: 400, form: { intent: 'save', name: '', timeZone: '' } }),
    ],
  },
  { file: 'invite+/$token.tsx', who: 'anyone', jsOff: true, views: [view('unknown invitation link', () => '/invite/no-such-token', { status: 404 })] },
  {
    file: '_app+/reports.tsx',
    who: 'manager',
    views: [
      view('reports', () => '/reports'),
      view('reports for a property and period', (w) => `/reports?from=${w.periodFrom}&to=${w.periodTo}&propertyId=${w.propertyId}`),
      view('reports, empty period', () => '/reports?from=2001-01-01&to=2001-01-31'),
      view('reports, bad period', () => '/reports?from=2026-05-01&to=2026-01-01', { status: 400 }),
    ],
  },
  { file: '_app+/depots._index.tsx', who: 'manager', jsOff: true, views: [view('depots and their stock value', () => '/depots')] },
  {
    file: '_app+/depots.$id._index.tsx',
    who: 'manager',
    jsOff: true,
    views: [
      view('a depot’s stock', (w) => `/depots/${w.depotId}`),
      view('a product’s movement and reorder forms', (w) => `/depots/${w.depotId}?product=${w.productId}`),
      view('a depot’s stock, nothing found', (w) => `/depots/${w.depotId}?q=nothing-like-it`),
      view('editing the depot’s name and address', (w) => `/depots/${w.depotId}?dialog=edit-depot`),
    ],
  },
  // Issue 37: the depot screens are audited without JavaScript too (the count is made standing at a shelf, on a phone).
  {
    file: '_app+/depots.$id.count.tsx',
    who: 'manager',
    jsOff: true,
    views: [view('a count not started', (w) => `/depots/${w.depotId}/count`), view('a count open', (w) => `/depots/${w.countDepotId}/count`)],
  },
  { file: '_app+/depots.$id.movements.tsx', who: 'manager', jsOff: true, views: [view('a depot’s ledger', (w) => `/depots/${w.depotId}/movements`)] },
  { file: '_app+/depots.$id.cover.tsx', who: 'manager', jsOff: true, views: [view('days of cover', (w) => `/depots/${w.depotId}/cover`)] },
  {
    file: '_app+/import.tsx',
    who: 'manager',
    views: [
      view('import form', () => '/import'),
      // A bad row among good ones: nothing would be applied, so the preview answers 422 (issue 27, item 5).
      view('import preview', () => '/import', {
        method: 'POST',
        status: 422,
        form: { kind: 'products', csv: 'name,category,price\nBath Towel,Linens,$12.50\nHand Soap Refill,Guest Amenities,$8.25\n,Linens,oops\n' },
      }),
      view('import without a file', () => '/import', { method: 'POST', status: 400, form: { kind: 'properties' } }),
    ],
  },
  { file: 'login.tsx', who: 'anyone', views: [view('sign in', () => '/login'), view('sign-in failed', () => '/login?error=denied')] },
  { file: '$.tsx', who: 'anyone', views: [view('not found', () => '/no-such-page', { status: 404 })] },
  // Every operation on one page, collapsed to its summary until opened (decision 117): a screen's audit.
  { file: 'docs.api.tsx', who: 'anyone', views: [view('API reference', () => '/docs/api')] },
  { file: 'root.tsx', who: 'anyone', views: [view('error', (w) => `/vendor/${w.propertyId}`, { method: 'POST', status: 405 })] },
  {
    file: 'vendor+/$propertyId._index.tsx',
    who: 'anyone',
    jsOff: true,
    views: [view('language chooser', (w) => `/vendor/${w.propertyId}`), view('unknown property', () => '/vendor/no-such-property', { status: 404 })],
  },
  {
    file: 'vendor+/$propertyId.request.tsx',
    who: 'anyone',
    jsOff: true,
    views: [
      view('catalog (en)', (w) => `/vendor/${w.propertyId}/request?lang=en`),
      view('catalog (hi)', (w) => `/vendor/${w.propertyId}/request?lang=hi`),
      view('catalog (uk)', (w) => `/vendor/${w.propertyId}/request?lang=uk`),
      view('catalog with a cart (uk)', (w) => `/vendor/${w.propertyId}/request?lang=uk`, { before: 'vendor-cart' }),
      view('finalize', (w) => `/vendor/${w.propertyId}/request?lang=en&step=finalize`, { before: 'vendor-cart', dialog: 'Finalize Request' }),
      view('finalize, name missing', (w) => `/vendor/${w.propertyId}/request?lang=hi&step=finalize&error=name`, { before: 'vendor-cart' }),
      view('sent', (w) => `/vendor/${w.propertyId}/request?lang=en&step=sent`, { before: 'vendor-sent' }),
      view('unknown property', () => '/vendor/no-such-property/request?lang=uk', { status: 404 }),
    ],
  },
  {
    file: 'track+/$token.tsx',
    who: 'anyone',
    jsOff: true,
    views: [view('tracking', (w) => w.trackPath), view('tracking (hi)', (w) => `${w.trackPath}?lang=hi`), view('unknown token', () => '/track/no-such-token', { status: 404 })],
  },
  {
    // The real stop token only ever leaves the server inside a message; the page's one form and its
    // not-found state share the layout, so the unknown token in three languages stands for it.
    file: 'track+/stop.$token.tsx',
    who: 'anyone',
    jsOff: true,
    views: [
      view('stop messages, unknown token', () => '/track/stop/no-such-token?lang=en', { status: 404 }),
      view('stop messages, unknown token (uk)', () => '/track/stop/no-such-token?lang=uk', { status: 404 }),
    ],
  },
  {
    file: 'runner+/$runnerId.$token.tsx',
    who: 'anyone',
    jsOff: true,
    views: [view('portal', (w) => w.runnerPortal), view('wrong token', (w) => `${w.runnerPortal}x`, { status: 401 })],
  },
  {
    file: 'runner+/$runnerId.$token_.load.$runId.tsx',
    who: 'anyone',
    jsOff: true,
    views: [view('load the van', (w) => w.vanLoad), view('load the van, wrong token', (w) => w.vanLoad.replace('/load/', 'x/load/'), { status: 401 })],
  },
  {
    file: 'delivery+/$assignmentId.$token.tsx',
    who: 'anyone',
    jsOff: true,
    views: [
      view('delivery', (w) => w.deliveryLink),
      view('proof', (w) => `${w.deliveryLink}?dialog=proof`, { dialog: 'Submit Delivery Proof' }),
      view('wrong token', (w) => `${w.deliveryLink}x`, { status: 401 }),
    ],
  },
]

/** Route modules that answer a page (they render a component); the rest are resource routes. */
export function isPageModule(source: string) {
  return /^export default\b/m.test(source)
}
