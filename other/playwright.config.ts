// Browser journeys in Debian's Chromium headless shell (no browser download), twice where it matters:
// with JavaScript (managers) and without (vendors and runners on basic phones).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const PORT = Number(process.env.E2E_PORT ?? 3210)
export const E2E_DATABASE = path.join(root, `tests/.tmp/e2e-${PORT}.db`)

// Debian's headless shell, the build of Chromium that Playwright itself runs for headless tests (the
// same Blink, without the browser's windowing): the journeys took half the time they took in the full
// browser's headless mode (decision 145).
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
  },
}

// CI may be a machine half as fast as a developer's and busy beside us (decision 116): waits are
// sized for that, a test failing once is tried again there, and whatever needed a retry is named.
const CI = !!process.env.CI

export default defineConfig({
  testDir: path.join(root, 'tests/e2e'),
  outputDir: path.join(root, 'test-results', String(PORT)),
  fullyParallel: true,
  // Two browsers beside the one server suit a 2-core machine; more only queue for the same cores.
  workers: 2,
  retries: CI ? 2 : 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The list names each test that passed only on a retry as flaky; the summary counts them last, zero too.
  reporter: [['list'], [path.join(root, 'other/playwright-retry-summary.ts')]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // Recording a trace costs every journey time; on CI only a retry records one (Playwright's own
    // convention), and that retry is the run a flaky journey is read from.
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // *.nojs.spec.ts runs only without JavaScript; *.both.spec.ts in both; the rest with JavaScript.
    { name: 'js-on', testIgnore: /\.nojs\.spec\.ts$/, use: { ...chromium, javaScriptEnabled: true } },
    { name: 'js-off', testMatch: /\.(nojs|both)\.spec\.ts$/, use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: `rm -f ${E2E_DATABASE}* && mkdir -p ${path.dirname(E2E_DATABASE)} && npm run start:mocks`,
    cwd: root,
    url: `http://localhost:${PORT}/healthcheck`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATABASE_URL: `file:${E2E_DATABASE}`,
      SESSION_SECRET: 'e2e-secret',
      E2E: 'true',
      // Every test signs in through the real form from this one address.
      SIGN_IN_LIMIT_PER_MINUTE: '1000',
      // …and every vendor's and runner's phone is that one address too: two workers sending requests and
      // moving deliveries passed 120 anonymous writes a minute once sign-in stopped rendering its pages.
      ANONYMOUS_WRITE_LIMIT_PER_MINUTE: '10000',
      VENDOR_SUBMISSION_LIMIT_PER_MINUTE: '10000',
      // Mocked e-mail lands here instead of the developer's outbox.
      OUTBOX_DIR: path.join(root, `tests/.tmp/outbox-${PORT}`),
      // The integrations journey's webhook receiver listens on loopback, as a self-hoster's would.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // …and the outbox is sent every second, not every five, so its two trips are waits on the log, not the clock.
      WEBHOOK_OUTBOX_EVERY_MS: '1000',
      // Who runs this deployment (decision 072), so no journey depends on whose organisation came first.
      OPERATOR_EMAILS: 'operator@stockrun.test',
    },
  },
})
