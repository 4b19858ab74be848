// Teams (issue 26), with JavaScript and without: an owner invites a colleague from the Team page, the
// colleague follows the e-mailed link, signs in with that address and joins with the invited role and
// no organisation of their own; another address, a revoked and an expired link are refused; a person
// in two organisations switches between them; a removed member's next click signs them out of it.
import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { E2E_DATABASE } from '../../other/playwright.config'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenInvitationExpired } from './given'

const OUTBOX = path.join(path.dirname(E2E_DATABASE), `outbox-${process.env.E2E_PORT ?? 3210}`)

/** The invitation link in the newest e-mail to this address, as the colleague would click it. */
async function linkFromOutbox(email: string) {
  let link: string | undefined
  await expect
    .poll(() => {
      const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).sort().reverse() : []
      for (const file of files) {
        const raw = fs.readFileSync(path.join(OUTBOX, file), 'utf8').replace(/=\r?\n/g, '')
        if (!raw.includes(`To: ${email}`)) continue
        link = /https?:\/\/[^\s"<>]+\/invite\/[A-Za-z0-9_-]+/.exec(raw)?.[0]
        if (link) return link
      }
      return undefined
    })
    .toBeDefined()
  return new URL(link!).pathname
}

async function personInOwnBrowser(browser: Browser, email?: string) {
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false })
  const page = await context.newPage()
  if (email) await signInThroughForm(page, email)
  return page
}

async function inviteFromTeamPage(owner: Page, email: string, role: 'Admin' | 'Member') {
  await owner.goto('/team')
  await owner.getByRole('link', { name: 'Invite someone' }).click()
  const dialog = owner.getByRole('dialog', { name: 'Invite someone' })
  await dialog.getByLabel('E-mail').fill(email)
  await dialog.getByLabel('Role').selectOption({ label: role })
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(owner.getByTestId('invitation-row').filter({ hasText: email })).toBeVisible()
}

test('an owner invites a colleague, who signs in from the e-mail and joins with the role; another address is refused', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const ownerEmail = uniqueEmail('team-owner')
  const colleagueEmail = uniqueEmail('team-colleague')
  await signInThroughForm(page, ownerEmail)
  await page.getByRole('link', { name: 'Team' }).click()
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible()
  await expect(page.getByTestId('member-row')).toHaveCount(1)
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Invite someone' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite someone' })
  await expectAccessible(page)
  // A typo is answered next to the form, which stays open.
  await dialog.getByLabel('E-mail').fill('not-an-address')
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(dialog.getByText('Enter a valid e-mail address')).toBeVisible()
  await dialog.getByLabel('E-mail').fill(colleagueEmail)
  await dialog.getByLabel('Role').selectOption({ label: 'Admin' })
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('Invitation Sent')).toBeVisible()
  await expect(page.getByTestId('invitation-row')).toContainText(colleagueEmail)
  await page.screenshot({ path: test.info().outputPath('team-page.png'), fullPage: true })
  // On a phone the page never scrolls sideways: the members table scrolls inside its own card (the
  // headers' screen-reader text once widened the page to 629 px).
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto('/team')
  await expect(page.getByTestId('member-row')).toHaveCount(1)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.setViewportSize({ width: 1366, height: 768 })
  const link = await linkFromOutbox(colleagueEmail)

  // Someone else, signed in with another address, is told whose invitation it is and joins nothing.
  const stranger = await personInOwnBrowser(browser, uniqueEmail('team-stranger'))
  await stranger.goto(link)
  await expect(stranger.getByRole('heading', { name: 'This invitation is for another address' })).toBeVisible()
  await expect(stranger.getByRole('alert')).toContainText(colleagueEmail)
  await expectAccessible(stranger)
  await stranger.goto('/team')
  await expect(stranger.getByTestId('member-row')).toHaveCount(1)

  // The colleague, signed out, signs in from the link and accepts with one button.
  const colleague = await personInOwnBrowser(browser)
  await colleague.goto(link)
  await expect(colleague.getByText(`Sign in with ${colleagueEmail} to accept.`)).toBeVisible()
  await expectAccessible(colleague)
  await colleague.screenshot({ path: test.info().outputPath('invitation-page.png') })
  await colleague.getByRole('button', { name: /^Sign in with/ }).click()
  await expect(colleague).toHaveURL(new RegExp(`${link}$`))
  await colleague.getByRole('button', { name: 'Accept invitation' }).click()
  await colleague.waitForURL((url) => url.pathname === '/')
  // In the owner's organisation, as an admin, with no organisation of their own to switch to.
  await expect(colleague.getByTestId('organisation-switcher')).toHaveCount(0)
  await colleague.goto('/team')
  const mine = colleague.getByTestId('member-row').filter({ hasText: colleagueEmail })
  await expect(mine).toContainText('Admin')
  await expect(colleague.getByTestId('member-row').filter({ hasText: ownerEmail })).toContainText('Owner')
  await page.reload()
  await expect(page.getByTestId('member-row')).toHaveCount(2)
  await expect(page.getByTestId('invitation-row')).toHaveCount(0)
  // The link is used up.
  await stranger.goto(link)
  await expect(stranger.getByRole('heading', { name: 'This invitation was already used' })).toBeVisible()
})

test('revoked and expired links are refused; a colleague switches organisations; a removed member is signed out of it', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const ownerEmail = uniqueEmail('ownertwo-team')
  const colleagueEmail = uniqueEmail('colleaguetwo-team')
  await signInThroughForm(page, ownerEmail)

  const revokedEmail = uniqueEmail('team2-revoked')
  await inviteFromTeamPage(page, revokedEmail, 'Member')
  const revokedLink = await linkFromOutbox(revokedEmail)
  // Revoking asks first (a dialog with and without JavaScript); cancelling keeps the invitation.
  await page.getByRole('link', { name: `Revoke invitation to ${revokedEmail}` }).click()
  const askFirst = page.getByRole('dialog', { name: `Revoke the invitation to ${revokedEmail}?` })
  await expect(askFirst).toBeVisible()
  await askFirst.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByTestId('invitation-row')).toHaveCount(1)
  await page.getByRole('link', { name: `Revoke invitation to ${revokedEmail}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke invitation' }).click()
  await expect(page.getByTestId('invitation-row')).toHaveCount(0)
  const expiredEmail = uniqueEmail('team2-expired')
  await inviteFromTeamPage(page, expiredEmail, 'Member')
  const expiredLink = await linkFromOutbox(expiredEmail)
  givenInvitationExpired(expiredEmail)
  const visitor = await personInOwnBrowser(browser)
  await visitor.goto(revokedLink)
  await expect(visitor.getByRole('heading', { name: 'This invitation was withdrawn' })).toBeVisible()
  await visitor.goto(expiredLink)
  await expect(visitor.getByRole('heading', { name: 'This invitation has expired' })).toBeVisible()
  await expectAccessible(visitor)

  // A colleague with an organisation of their own joins this one too, and switches between them.
  const colleague = await personInOwnBrowser(browser, colleagueEmail)
  await inviteFromTeamPage(page, colleagueEmail, 'Member')
  await colleague.goto(await linkFromOutbox(colleagueEmail))
  await colleague.getByRole('button', { name: 'Accept invitation' }).click()
  await colleague.waitForURL((url) => url.pathname === '/')
  // The sidebar names the organisation they act for in full; the other one is a single button away.
  const switcher = colleague.getByTestId('organisation-switcher')
  const current = colleague.getByTestId('organisation-name')
  const owners = (await current.innerText()).trim()
  await expect(switcher.getByRole('button')).toHaveCount(1)
  await colleague.screenshot({ path: test.info().outputPath('organisation-switcher.png') })
  await colleague.goto('/team')
  await expect(colleague.getByTestId('member-row').filter({ hasText: ownerEmail })).toBeVisible()
  await expectAccessible(colleague)
  const own = (await switcher.getByRole('button').innerText()).replace(/^Switch to\s*/, '').trim()
  expect(own).toMatch(/^Colleaguetwo/)
  await switcher.getByRole('button', { name: `Switch to ${own}` }).click()
  await expect(colleague).toHaveURL(/\/team$/)
  await expect(colleague.getByText(`Switched to ${own}`)).toBeVisible()
  await expect(current).toHaveText(own)
  await expect(colleague.getByTestId('member-row')).toHaveCount(1)
  await expect(colleague.getByTestId('member-row')).toContainText(colleagueEmail)
  await switcher.getByRole('button', { name: `Switch to ${owners}` }).click()
  await expect(colleague.getByText(`Switched to ${owners}`)).toBeVisible()
  await expect(colleague.getByTestId('member-row').filter({ hasText: ownerEmail })).toBeVisible()

  // The owner removes them, after a confirmation; their next click is signed out of the organisation.
  await page.goto('/team')
  await page.getByRole('link', { name: /^Remove / }).click()
  const confirm = page.getByRole('dialog', { name: /^Remove / })
  await expectAccessible(page)
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByTestId('member-row')).toHaveCount(1)
  await colleague.getByRole('link', { name: 'Requests' }).click()
  await expect(colleague).toHaveURL(/\/login/)
})
