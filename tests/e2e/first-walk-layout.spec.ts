// Issue 28's layout defects, each measured at a laptop's 1366 px and a phone's 360 px: a quantity's
// label on one line beside its input, every product action inside its card, the sidebar's column
// down the whole page, and dashboard cards titled by property rather than by their first item twice.
import sharp from 'sharp'
import { expect, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenRequest, givenStockedProperty } from './given'

test.describe.configure({ timeout: 90_000 })

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 360, height: 780 },
]

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('standing-order and par-level labels keep their product name on one line beside the input', async ({ page }, info) => {
      await signInThroughForm(page, uniqueEmail('labels-e2e'))
      const { property } = await givenStockedProperty(page.request, 'Oak Court', ['Hand Soap Refill', 'Paper Towels'])
      await page.goto(`/properties?edit=${property.id}`)
      for (const label of [page.locator('label[for^="standing-"]').first(), page.locator('label[for^="par-"]').first()]) {
        await label.scrollIntoViewIfNeeded()
        const { height, lineHeight, width, textWidth } = await label.evaluate((el) => {
          // The product's name: the label's own text, after its screen-reader-only prefix.
          const name = [...el.childNodes].reverse().find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())!
          const range = document.createRange()
          range.selectNodeContents(name)
          const text = [...range.getClientRects()].reduce((sum, r) => sum + r.width, 0)
          return { height: el.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(el).lineHeight), width: el.getBoundingClientRect().width, textWidth: text }
        })
        expect(height, 'one line').toBeLessThan(lineHeight * 1.5)
        expect(width, 'as wide as its text').toBeGreaterThanOrEqual(textWidth - 1)
      }
      const input = page.getByLabel('Standing order quantity of Hand Soap Refill')
      const box = (await input.boundingBox())!
      expect(box.width).toBeLessThan(100)
      await page.getByRole('heading', { name: /Standing orders/ }).scrollIntoViewIfNeeded()
      await page.screenshot({ path: info.outputPath(`standing-order-${viewport.width}.png`) })
    })

    test('every action on a product card lies inside the card', async ({ page }, info) => {
      await signInThroughForm(page, uniqueEmail('product-actions-e2e'))
      for (const name of ['Hand Soap Refill', 'Heavy Duty Trash Bags 33 gal', 'LED Bulbs', 'Mop Heads']) await page.request.post('/api/products', { data: { name, category: 'Supplies' } })
      await page.goto('/products')
      const cards = page.getByTestId('product-card')
      await expect(cards).toHaveCount(4)
      for (const card of await cards.all()) {
        const frame = (await card.boundingBox())!
        const actions = card.getByRole('link')
        await expect(actions).toHaveCount(3)
        for (const action of await actions.all()) {
          const box = (await action.boundingBox())!
          expect(box.x, 'left edge').toBeGreaterThanOrEqual(frame.x)
          expect(box.x + box.width, `right edge of ${await action.getAttribute('aria-label')}`).toBeLessThanOrEqual(frame.x + frame.width)
        }
      }
      await page.screenshot({ path: info.outputPath(`product-cards-${viewport.width}.png`) })
    })

    test('dashboard cards are titled by their property, with the products beneath', async ({ page }) => {
      await signInThroughForm(page, uniqueEmail('dashboard-title-e2e'))
      const { property, products } = await givenStockedProperty(page.request, 'Harbor View', ['Hand Soap Refill', 'Shampoo'])
      await givenRequest(page.request, { propertyId: property.id, vendorName: 'Acme', products })
      await page.goto('/')
      const card = page.getByTestId('request-card')
      await expect(card.getByRole('heading')).toHaveText('Harbor View')
      await expect(card).toContainText('Hand Soap Refill + 1 more item')
    })
  })
}

test('the sidebar’s column runs down the whole of a long page', async ({ page }, info) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  await signInThroughForm(page, uniqueEmail('sidebar-e2e'))
  for (let i = 0; i < 16; i++) await page.request.post('/api/products', { data: { name: `Product ${i + 1}`, category: `Aisle ${i % 4}` } })
  await page.goto('/products')
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight)
  expect(pageHeight, 'a page longer than the screen').toBeGreaterThan(1600)
  const path = info.outputPath('sidebar-full-page.png')
  await page.screenshot({ path, fullPage: true })
  const { data, info: png } = await sharp(path).raw().toBuffer({ resolveWithObject: true })
  const pixel = (x: number, y: number) => Array.from(data.subarray((y * png.width + x) * png.channels, (y * png.width + x) * png.channels + 3))
  // The sidebar is white; the page behind it is slate-50. Near the bottom, 100 px in, it is still the sidebar.
  expect(pixel(100, png.height - 20)).toEqual([255, 255, 255])
  expect(pixel(600, png.height - 20)).not.toEqual([255, 255, 255])
})
