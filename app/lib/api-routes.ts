// Every /api operation in one table: what an API key's scope allows (issue 17) and what the OpenAPI
// document lists. An operation without a scope is for signed-in managers (or the public) only, so a
// key never reaches it: account, settings and key management stay with people.

export const API_SCOPES = [
  'requests:read',
  'requests:write',
  'catalog:read',
  'catalog:write',
  'dispatch:write',
  'invoices:read',
] as const
export type ApiScope = (typeof API_SCOPES)[number]

export type ApiAccess = 'manager' | 'public' | 'runner'
export type ApiOperation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** The URL path with {params} as OpenAPI writes them. */
  path: string
  summary: string
  access: ApiAccess
  scope?: ApiScope
}

const op = (method: ApiOperation['method'], path: string, summary: string, scope?: ApiScope, access: ApiAccess = 'manager'): ApiOperation => ({
  method,
  path,
  summary,
  access,
  ...(scope ? { scope } : {}),
})

export const API_OPERATIONS: ApiOperation[] = [
  op('GET', '/api/requests', 'List requests (JSON pages or ?format=csv)', 'requests:read'),
  op('POST', '/api/requests', 'Enter a request', 'requests:write'),
  op('GET', '/api/requests/{id}', 'One request', 'requests:read'),
  op('PATCH', '/api/requests/{id}', 'Change a request', 'requests:write'),
  op('GET', '/api/requests/{id}/pdf', 'A request as PDF', 'requests:read'),
  op('GET', '/api/requests/{id}/delivery-proof', 'The delivery proof of a request', 'requests:read'),
  op('GET', '/api/products', 'List products (?format=csv: the CSV export)', 'catalog:read'),
  op('POST', '/api/products', 'Create a product', 'catalog:write'),
  op('POST', '/api/products/import', 'Import products from CSV (?dryRun=true to preview)', 'catalog:write'),
  op('GET', '/api/products/{id}', 'One product', 'catalog:read'),
  op('PUT', '/api/products/{id}', 'Replace a product', 'catalog:write'),
  op('PATCH', '/api/products/{id}', 'Change a product', 'catalog:write'),
  op('DELETE', '/api/products/{id}', 'Delete a product', 'catalog:write'),
  op('GET', '/api/categories', 'List the catalog’s categories with their translations', 'catalog:read'),
  op('GET', '/api/categories/{name}', 'One category (its name URL-encoded) with its translations', 'catalog:read'),
  op('PUT', '/api/categories/{name}', 'Translate a category’s name into the vendor languages', 'catalog:write'),
  op('GET', '/api/properties', 'List properties (?format=csv: the CSV export)', 'catalog:read'),
  op('POST', '/api/properties', 'Create a property', 'catalog:write'),
  op('POST', '/api/properties/import', 'Import properties from CSV (?dryRun=true to preview)', 'catalog:write'),
  op('GET', '/api/properties/{id}', 'One property', 'catalog:read'),
  op('PUT', '/api/properties/{id}', 'Replace a property', 'catalog:write'),
  op('PATCH', '/api/properties/{id}', 'Change a property', 'catalog:write'),
  op('DELETE', '/api/properties/{id}', 'Delete a property', 'catalog:write'),
  op('GET', '/api/properties/{id}/products', 'Products offered at a property', 'catalog:read'),
  op('POST', '/api/properties/{id}/products', 'Offer a product at a property', 'catalog:write'),
  op('PUT', '/api/properties/{id}/products/{productId}', 'Set a product’s par level at a property', 'catalog:write'),
  op('DELETE', '/api/properties/{id}/products/{productId}', 'Stop offering a product at a property', 'catalog:write'),
  op('GET', '/api/properties/{id}/request-fields', 'The questions a property’s vendors answer with a request', 'catalog:read'),
  op('PUT', '/api/properties/{id}/request-fields', 'Replace the questions a property’s vendors answer with a request', 'catalog:write'),
  op('GET', '/api/properties/{id}/reorder-suggestions', 'What to reorder at a property (stock below par level)', 'catalog:read'),
  op('GET', '/api/qr/{propertyId}', 'A property’s QR code', 'catalog:read'),
  op('POST', '/api/qr/{propertyId}/activate', 'Turn a property’s QR code on or off', 'catalog:write'),
  op('GET', '/api/dispatch/queue', 'Requests waiting for a runner', 'dispatch:write'),
  op('GET', '/api/dispatch/assignments', 'Current assignments', 'dispatch:write'),
  op('POST', '/api/dispatch/assign', 'Assign a runner to a request', 'dispatch:write'),
  op('PATCH', '/api/dispatch/assign/{id}', 'Move an assignment on', 'dispatch:write'),
  op('POST', '/api/dispatch/assign/{id}/link', 'A new delivery link for an assignment', 'dispatch:write'),
  op('POST', '/api/dispatch/assign/{id}/proof', 'Record a delivery proof', 'dispatch:write'),
  op('POST', '/api/dispatch/runs', 'Give several pending requests to one runner as a run, stops in a planned order', 'dispatch:write'),
  op('GET', '/api/dispatch/runs/{id}', 'A run and its stops', 'dispatch:write'),
  op('PATCH', '/api/dispatch/runs/{id}', 'Reorder a run’s stops ({ order: [propertyId…] })', 'dispatch:write'),
  op('GET', '/api/dispatch/suggestions', 'Runners suggested for pending requests (?requestIds=a,b,c or ?requestId=), best first, each with its reason', 'dispatch:write'),
  op('POST', '/api/runners', 'Add a runner', 'dispatch:write'),
  op('GET', '/api/runners/active', 'Active runners', 'dispatch:write'),
  op('GET', '/api/runners/{runnerId}/assignments', 'A runner’s assignments', 'dispatch:write'),
  op('POST', '/api/runners/{runnerId}/token', 'A new runner link', 'dispatch:write'),
  op('POST', '/api/runners/{runnerId}/position', 'Share the runner’s position while a delivery is in transit (their token)', undefined, 'runner'),
  op('GET', '/api/invoices', 'List invoices', 'invoices:read'),
  op('POST', '/api/invoices', 'Create an invoice'),
  op('GET', '/api/invoices/{id}', 'One invoice', 'invoices:read'),
  op('DELETE', '/api/invoices/{id}', 'Delete a draft invoice'),
  op('GET', '/api/invoices/{id}/items', 'An invoice’s lines', 'invoices:read'),
  op('GET', '/api/invoices/{id}/pdf', 'An invoice as PDF', 'invoices:read'),
  op('PATCH', '/api/invoices/{id}/archive', 'Archive an invoice'),
  op('PATCH', '/api/invoices/{id}/restore', 'Restore an archived invoice'),
  op('PATCH', '/api/invoices/{id}/status', 'Change an invoice’s status'),
  op('POST', '/api/invoices/email', 'E-mail an invoice'),
  op('POST', '/api/invoices/from-requests', 'Invoice delivered requests'),
  op('GET', '/api/recipients', 'Invoice recipients', 'invoices:read'),
  op('GET', '/api/standing-orders', 'List standing orders', 'requests:read'),
  op('POST', '/api/standing-orders', 'Create a standing order (it enters requests on its schedule)', 'requests:write'),
  op('DELETE', '/api/standing-orders/{id}', 'Stop a standing order', 'requests:write'),
  // Invoiced spend is in every row, so it takes the money scope, not requests:read.
  op('GET', '/api/reports/consumption', 'Consumption per property and product over a period (?format=csv)', 'invoices:read'),
  op('GET', '/api/stats', 'Dashboard figures', 'requests:read'),
  op('GET', '/api/notifications', 'The manager’s notifications'),
  op('GET', '/api/notifications/unread', 'Unread notification count'),
  op('PUT', '/api/notifications/read-all', 'Mark all notifications read'),
  op('PUT', '/api/notifications/{id}/read', 'Mark a notification read'),
  op('DELETE', '/api/notifications/{id}', 'Delete a notification'),
  op('GET', '/api/events', 'Live updates as Server-Sent Events (for the signed-in app; integrations use webhooks)'),
  op('GET', '/api/auth/user', 'The signed-in manager'),
  op('GET', '/api/settings', 'The manager’s settings'),
  op('PUT', '/api/settings', 'Replace the manager’s settings'),
  op('PATCH', '/api/settings', 'Change the manager’s settings'),
  // Who did what, roles and organisation rules stay with people: no key scope reaches them.
  op('GET', '/api/audit-log', 'The audit log (owners and admins; ?format=csv)'),
  op('GET', '/api/members', 'The organisation’s members'),
  op('POST', '/api/members/transfer-ownership', 'Hand ownership to an admin (the owner only; they become an admin)'),
  op('PATCH', '/api/members/{userId}', 'Change a member’s role (owners and admins)'),
  op('DELETE', '/api/members/{userId}', 'Remove a member (owners and admins), or leave with one’s own id'),
  op('GET', '/api/invitations', 'Pending invitations (owners and admins)'),
  op('POST', '/api/invitations', 'Invite someone by e-mail (owners and admins; the link is only in the e-mail)'),
  op('DELETE', '/api/invitations/{id}', 'Revoke an invitation (owners and admins)'),
  op('POST', '/api/invitations/{id}/resend', 'Send an invitation again with a new link (owners and admins)'),
  op('GET', '/api/organisation/settings', 'The organisation’s name, address, contacts and logo, its delivery rules, time zone and run settings'),
  op('PUT', '/api/organisation/settings', 'Change the organisation’s name, address, contacts, logo (an /api/upload imageUrl), delivery rules, time zone or run settings (owners and admins)'),
  op('PATCH', '/api/organisation/settings', 'Change the organisation’s name, address, contacts, logo (an /api/upload imageUrl), delivery rules, time zone or run settings (owners and admins)'),
  op('GET', '/api/admin/system-settings', 'System settings: whether new organisations may register'),
  op('PUT', '/api/admin/system-settings', 'Change system settings (the owners and admins of the organisation that runs the deployment)'),
  op('POST', '/api/upload', 'Upload an image'),
  op('GET', '/api/api-keys', 'List API keys'),
  op('POST', '/api/api-keys', 'Create an API key (the key is shown once)'),
  op('DELETE', '/api/api-keys/{id}', 'Revoke an API key'),
  op('GET', '/api/webhooks', 'List webhooks'),
  op('POST', '/api/webhooks', 'Add a webhook (the secret is shown once)'),
  op('DELETE', '/api/webhooks/{id}', 'Remove a webhook'),
  op('GET', '/api/openapi.json', 'This document', undefined, 'public'),
  op('GET', '/api/public/config', 'Public configuration', undefined, 'public'),
  op('GET', '/api/delivery/{assignmentId}', 'A delivery as the runner’s link shows it', undefined, 'runner'),
  op('GET', '/api/vendor/properties/{propertyId}', 'A property as vendors see it', undefined, 'public'),
  op('GET', '/api/vendor/properties/{propertyId}/products', 'Products vendors can ask for', undefined, 'public'),
  op('GET', '/api/vendor/qr/{propertyId}/scan', 'Open a property’s QR code', undefined, 'public'),
  op('POST', '/api/vendor/qr/{propertyId}/scan', 'Count a QR scan', undefined, 'public'),
  op('GET', '/api/vendor/requests', 'A vendor’s requests', undefined, 'public'),
  op('POST', '/api/vendor/requests', 'Send a request as a vendor', undefined, 'public'),
  op('GET', '/api/track/{token}/events', 'Changes to one tracked request as Server-Sent Events (the token of the vendor’s tracking link)', undefined, 'public'),
]

const matchers = API_OPERATIONS.map((operation) => ({
  operation,
  pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
}))

/** The operation a method and path are, or undefined for a path we do not describe. */
export function findApiOperation(method: string, pathname: string) {
  const m = method === 'HEAD' ? 'GET' : method
  return matchers.find(({ operation, pattern }) => operation.method === m && pattern.test(pathname))?.operation
}
