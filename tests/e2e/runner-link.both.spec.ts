// Runner links without jargon (issue 34, item 7), with JavaScript and without: adding a runner and
// making a new portal link show the link itself, to copy, share or send by SMS, never an "auth
// token"; the panel stays (through the page's other dialogs, past any toast) until Dismiss, and the
// link is not on the page again after that.
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

const PORTAL = /^https?:\/\/[^/]+\/runner\/[\w-]+\/[\w%-]+$/

test('a new runner’s link is shown with Copy, Share and Send by SMS until it is dismissed', async ({ page }, info) => {
  test.setTimeout(90_000)
  const js = info.project.use.javaScriptEnabled !== false
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInThroughForm(page, uniqueEmail('runner-link-e2e'))
  // The page's own clock, so that "after any toast would have gone" is six seconds of it, not of ours.
  if (js) await page.clock.install()
  await page.goto('/dispatch')
  await page.getByRole('link', { name: 'Add Runner' }).click()
  const add = page.getByRole('dialog', { name: 'Add Runner' })
  await add.getByLabel('Name').fill('Dana Dash')
  await add.getByLabel('Phone').fill('+1 555 0145')
  await add.getByRole('button', { name: 'Add Runner' }).click()

  const panel = page.getByRole('region', { name: 'Runner Added: Dana Dash' })
  await expect(panel).toBeVisible()
  const link = await panel.getByLabel('Portal link').inputValue()
  expect(link).toMatch(PORTAL)
  await expect(panel).toContainText('Send Dana Dash this link')
  const sms = panel.getByRole('link', { name: 'Send by SMS' })
  const href = (await sms.getAttribute('href'))!
  expect(href.startsWith('sms:+15550145?&body=')).toBe(true)
  expect(decodeURIComponent(href.split('body=')[1]!)).toBe(`Hi Dana, this link opens your deliveries: ${link}`)
  await expect(panel.getByRole('button', { name: 'Copy' })).toHaveCount(js ? 1 : 0)
  expect(await page.locator('body').innerText()).not.toMatch(/auth token|token/i)
  await expectAccessible(page)
  await page.screenshot({ path: `/tmp/requester-runner-link-${js ? 'js' : 'nojs'}-1366.png`, fullPage: false })

  // Still there after any toast would have gone (without JavaScript nothing on the page can take it
  // away), and (with JavaScript) through the page's own dialogs.
  if (js) await page.clock.runFor(6_000)
  await expect(panel).toBeVisible()
  if (js) {
    await page.getByRole('link', { name: 'Add Runner' }).click()
    await page.getByRole('dialog', { name: 'Add Runner' }).getByRole('link', { name: 'Cancel' }).click()
    await expect(panel).toBeVisible()
    await expect(panel.getByLabel('Portal link')).toHaveValue(link)
  }

  await panel.getByRole('button', { name: 'Dismiss' }).click()
  await expect(panel).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Dispatch Management' })).toBeVisible()
  await page.goto('/dispatch')
  expect(await page.content()).not.toContain(new URL(link).pathname)

  // A new portal link for the same runner: the same panel, a new link, the old one no longer opens.
  await page.getByRole('region', { name: 'Active Runners' }).getByRole('button', { name: 'New Portal Link' }).click()
  const remade = page.getByRole('region', { name: 'New Portal Link: Dana Dash' })
  await expect(remade).toBeVisible()
  await expect(remade).toContainText('The link they had before no longer works.')
  const second = await remade.getByLabel('Portal link').inputValue()
  expect(second).toMatch(PORTAL)
  expect(second).not.toBe(link)
  expect(await page.locator('body').innerText()).not.toMatch(/auth token|token/i)
  await expectAccessible(page)
  await remade.getByRole('button', { name: 'Dismiss' }).click()
  await expect(remade).toHaveCount(0)

  expect((await page.request.get(new URL(link).pathname)).status()).toBeGreaterThanOrEqual(400)
  await page.goto(new URL(second).pathname)
  await expect(page.getByRole('heading', { name: 'Hello, Dana Dash' })).toBeVisible()
})
