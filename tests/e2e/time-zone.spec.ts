// One request's times agree everywhere for an organisation in Asia/Kolkata (issue 28): the requests
// list, its details dialog, Dispatch, the runner portal, the request PDF and the CSV export.
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { managerApi } from './given'
import { pdfText } from '../support/pdf'

const ZONE = 'Asia/Kolkata'
const onKolkataClock = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(new Date(iso))
// pdf.js and the page may differ in the space before AM/PM (U+202F in newer ICU): compare on plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ')

test('a request’s times read the same on every screen, in the PDF and in the CSV', async ({ page }) => {
  test.setTimeout(90_000)
  await signInThroughForm(page, uniqueEmail('zone-e2e'))
  const call = managerApi(page)
  // Chosen in Settings, from the list.
  await page.goto('/settings')
  await page.getByLabel('Time zone').selectOption(ZONE)
  await expect(page.getByText(`Times read in ${ZONE}.`)).toBeVisible()

  const property = await call('post', '/api/properties', { name: 'Marine Drive Suites', address: '1 Marine Drive, Mumbai', isActive: true, qrCodeActive: true })
  const product = await call('post', '/api/products', { name: 'Bath Towels', category: 'Linen', price: '$12.00' })
  await call('post', `/api/properties/${property.id}/products`, { productId: product.id })
  const sent = await call('post', '/api/vendor/requests', { propertyId: property.id, vendorName: 'Kapoor Services', requestedProducts: [{ productId: product.id, quantity: 2 }] })
  const request = await (await page.request.get(`/api/requests/${sent.id}`)).json()
  const runner = await call('post', '/api/runners', { name: 'Ravi Runner', phone: '+915550100' })
  const assignment = await call('post', '/api/dispatch/assign', { requestId: request.id, runnerId: runner.id })
  const requested = onKolkataClock(request.createdAt)
  const assigned = onKolkataClock(assignment.assignedAt)

  await page.goto('/requests')
  const row = page.getByTestId('request-row').filter({ hasText: request.orderNumber })
  expect(plain(await row.locator('time').innerText())).toBe(plain(requested))

  await row.getByRole('link', { name: /details/i }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  expect(plain(await dialog.innerText())).toContain(`Requested\n${plain(requested)}`)
  expect(plain(await dialog.innerText())).toContain(plain(assigned))
  await expectAccessible(page)

  await page.goto('/dispatch')
  expect(plain(await page.locator('[aria-labelledby="assignments-heading"]').innerText())).toContain(`Assigned ${plain(assigned)}`)

  const portal = await page.context().newPage()
  await portal.goto(`/runner/${runner.id}/${encodeURIComponent(runner.authToken)}`)
  expect(plain(await portal.locator(`[aria-labelledby="a-${assignment.id}"]`).innerText())).toContain(`Assigned ${plain(assigned)}`)
  await portal.close()

  const pdf = await page.request.get(`/api/requests/${request.id}/pdf`)
  expect(pdf.ok()).toBe(true)
  const text = plain(await pdfText(new Uint8Array(await pdf.body())))
  expect(text).toContain(plain(requested))
  expect(text).toContain(plain(assigned))

  const csv = await (await page.request.get('/api/requests?format=csv')).text()
  const [header, ...lines] = csv.replace('\uFEFF', '').split('\r\n')
  const line = lines.find((l) => l.startsWith(request.orderNumber))!
  // By its heading, counted from the end (an address before it holds commas): issue 29 added
  // columns after it (urgency, needed-by, photos, answers).
  const headings = header!.split(',')
  const iso = line.split(',').at(headings.indexOf('Created At') - headings.length)!
  expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/)
  expect(new Date(iso).getTime()).toBe(Math.floor(new Date(request.createdAt).getTime() / 1000) * 1000)
  // The wall clock in the file is the one the screens show.
  const wall = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 19)}Z`))
  expect(plain(wall)).toBe(plain(requested))
})
