// Issue 3's manager journey: catalog with photos, a property with products, its QR code, and the
// refusal to delete a property that requests depend on.
import sharp from 'sharp'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenStockedProperty } from './given'

async function photo(colour: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } }).jpeg().toBuffer()
}

test('a manager builds a catalog with photos and stocks a new property from it', async ({ page }) => {
  test.setTimeout(90_000)
  await signInThroughForm(page, uniqueEmail('catalog'))

  // Products, with a photo each.
  await page.goto('/products')
  await expect(page.getByText('No Products Found')).toBeVisible()
  await expectAccessible(page)
  for (const [name, colour] of [
    ['Glass Cleaner', { r: 30, g: 120, b: 200 }],
    ['Paper Towels', { r: 220, g: 200, b: 160 }],
  ] as const) {
    await page.getByRole('link', { name: /New Product|Add Product/ }).first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.getByLabel('Product Name').fill(name)
    await page.getByLabel('Category').fill('Cleaning Supplies')
    await page.getByLabel('Price').fill('$5.99')
    await page.getByLabel('Image', { exact: true }).setInputFiles({ name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: await photo(colour) })
    await page.getByLabel('Image Alt Text').fill(`A pack of ${name}`)
    await page.getByRole('button', { name: 'Create Product' }).click()
    await expect(page.getByTestId('toast')).toContainText('Product created successfully.')
  }
  const glass = page.getByRole('img', { name: 'A pack of Glass Cleaner' })
  await expect(glass).toBeVisible()
  // Waited for: a visible image's box comes before its picture.
  await expect.poll(() => glass.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

  await page.getByRole('link', { name: 'Edit Glass Cleaner' }).click()
  await page.getByLabel('Product Name').fill('Streak-free Glass Cleaner')
  await page.getByRole('button', { name: 'Update Product' }).click()
  await expect(page.getByTestId('toast')).toContainText('Product updated successfully.')
  await expect(page.getByRole('heading', { name: 'Streak-free Glass Cleaner' })).toBeVisible()
  await expectAccessible(page)

  // A property: created with its QR code, then stocked from the catalog.
  await page.goto('/properties')
  await page.getByRole('link', { name: 'New Property' }).click()
  await page.getByLabel('Property Name').fill('Harbor View Apartments')
  await page.getByLabel('Address').fill('88 Pier Rd, Brooklyn, NY 11231')
  await page.getByRole('button', { name: 'Create Property' }).click()
  await expect(page.getByTestId('toast')).toContainText('Property created successfully with QR code auto-generated.')
  // Creating leads straight on to the new property's product assignment (issue 28).
  await expect(page.getByRole('heading', { name: 'Edit Property' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Select All' }).click()
  await expect(page.getByText('2 of 2 selected')).toBeVisible()
  await page.getByRole('button', { name: 'Assign 2 Product(s)' }).click()
  await expect(page.getByTestId('toast')).toContainText('2 product(s) assigned to property successfully.')
  await expect(page.getByText('Assigned Products (2)')).toBeVisible()
  await expect(page.getByText('All products are assigned')).toBeVisible()
  await expectAccessible(page)
})

// The property's second half, on a property stocked through the API: a test of its own, so neither half nears its limit.
test("a property's QR code is viewed, downloaded and deactivated, and the property cannot be deleted once in use", async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('catalog-qr'))
  await givenStockedProperty(page.request, 'Harbor View Apartments', ['Glass Cleaner', 'Paper Towels'])

  // Its QR code: view, download, deactivate.
  await page.goto('/properties')
  await page.getByRole('link', { name: 'View QR code of Harbor View Apartments' }).click()
  const modal = page.getByRole('dialog', { name: 'QR Code - Harbor View Apartments' })
  await expect(modal).toBeVisible()
  await expect(modal.getByText('Scan this QR code to access the vendor request form for Harbor View Apartments')).toBeVisible()
  await expect(modal.locator('svg').first()).toBeVisible()
  await expectAccessible(page)
  const downloading = page.waitForEvent('download')
  await modal.getByRole('link', { name: /Download/ }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('qr-harbor-view-apartments.png')
  const png = await sharp(await download.path()).metadata()
  expect([png.format, png.width, png.height]).toEqual(['png', 256, 256])
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()

  await page.getByRole('button', { name: 'Deactivate QR Code of Harbor View Apartments' }).click()
  await expect(page.getByTestId('toast')).toContainText('QR Code Status Updated')
  await expect(page.getByText('QR Code Inactive')).toBeVisible()
  await expect(page.getByRole('link', { name: 'View QR code of Harbor View Apartments' })).toBeHidden()

  // A vendor request now depends on the property, so deleting it is refused with the reason.
  const propertyId = new URL((await page.getByRole('link', { name: 'Edit Harbor View Apartments' }).getAttribute('href'))!, page.url()).searchParams.get('edit')!
  const products = await (await page.request.get(`/api/properties/${propertyId}/products`)).json()
  const created = await page.request.post('/api/requests', {
    data: { propertyId, vendorName: 'Ortega Services', requestedProducts: [{ productId: products[0].id, quantity: 1 }] },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(created.status()).toBe(201)
  await page.reload()
  await page.getByRole('link', { name: 'Delete Harbor View Apartments' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('toast')).toContainText('Cannot Delete Property')
  await expect(page.getByTestId('toast')).toContainText('Deactivate the property instead of deleting it.')
  await expect(page.getByRole('heading', { name: 'Harbor View Apartments' })).toBeVisible()
})
