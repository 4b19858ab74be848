// Issue 27's catalogue screens at size, with JavaScript and without: the Products page shows 50
// products at a time, pages with plain links, searches with a plain GET form, counts what it shows,
// says when nothing matches, and passes axe at each step.
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

test.describe.configure({ timeout: 120_000 })
const SLOW = { timeout: 15_000 }

test('a manager pages through 60 products and searches them', async ({ page }, info) => {
  await signInThroughForm(page, uniqueEmail('catalog-paging-e2e'))
  const names = [
    ...Array.from({ length: 55 }, (_, i) => `Paper Towels ${String(i + 1).padStart(2, '0')}`),
    ...Array.from({ length: 5 }, (_, i) => `Hand Soap ${i + 1}`),
  ]
  for (let i = 0; i < names.length; i += 10) {
    await Promise.all(
      names.slice(i, i + 10).map(async (name) => {
        const res = await page.request.post('/api/products', { data: { name, category: name.startsWith('Hand') ? 'Bathroom' : 'Cleaning' } })
        expect(res.status()).toBe(201)
      }),
    )
  }

  await page.goto('/products')
  const count = page.getByTestId('product-count')
  await expect(count).toHaveText('Showing 1–50 of 60 products')
  // Bathroom comes before Cleaning, each heading counting its whole category.
  await expect(page.getByRole('heading', { name: 'Bathroom (5)' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Cleaning (55)' })).toBeVisible()
  await expect(page.getByTestId('product-card')).toHaveCount(50)
  await expectAccessible(page)
  await page.screenshot({ path: info.outputPath('products-page-1.png'), fullPage: true })

  const pages = page.getByRole('navigation', { name: 'Product pages' })
  await expect(pages).toContainText('Page 1 of 2')
  await pages.getByRole('link', { name: 'Next' }).click()
  await expect(count).toHaveText('Showing 51–60 of 60 products', SLOW)
  await expect(page).toHaveURL(/\/products\?page=2$/)
  await expect(page.getByRole('heading', { name: 'Paper Towels 55' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Hand Soap 1' })).toBeHidden()
  await expectAccessible(page)

  await pages.getByRole('link', { name: 'Previous' }).click()
  await expect(count).toHaveText('Showing 1–50 of 60 products', SLOW)

  // A search from the page's own GET form narrows and counts; Enter submits it with or without JavaScript.
  const search = page.getByRole('searchbox', { name: 'Search products' })
  await search.fill('soap')
  await search.press('Enter')
  await expect(count).toHaveText('Showing 5 products', SLOW)
  await expect(page).toHaveURL(/\/products\?q=soap$/)
  await expect(page.getByTestId('product-card')).toHaveCount(5)
  await expect(page.getByRole('navigation', { name: 'Product pages' })).toBeHidden()
  await expectAccessible(page)

  // A dialog opened from the search closes back to it.
  await page.getByRole('link', { name: 'Edit Hand Soap 3' }).click()
  await expect(page.getByRole('dialog')).toBeVisible(SLOW)
  await page.getByRole('dialog').getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/products\?q=soap$/, SLOW)

  await search.fill('nothing like it')
  await search.press('Enter')
  await expect(page.getByText('No product matches “nothing like it”. Try another name.')).toBeVisible(SLOW)
  await expectAccessible(page)
  await page.screenshot({ path: info.outputPath('products-no-match.png'), fullPage: true })
})
