import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export default defineConfig({
  root,
  resolve: { alias: { '~': path.join(root, 'app') } },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/**/*.test.ts', 'prisma/**/*.test.ts', 'other/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: [path.join(root, 'tests/setup/global-setup.ts')],
    setupFiles: [path.join(root, 'tests/setup/per-file.ts')],
    pool: 'forks',
    // The app's server build (1.4 MB, one file) is loaded by Node itself, as production loads it:
    // through Vitest's module runner every test file that starts the app spent over a second
    // rewriting its imports before a test ran.
    server: { deps: { external: [/\/build\/index\.js$/] } },
    // Vitest's own default in a run is one worker fewer than the cores: one on a 2-core CI machine,
    // which leaves a core idle while a file waits on its server or database.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { NODE_ENV: 'test', MOCKS: 'true', SESSION_SECRET: 'test-secret' },
  },
})
