// One read of the environment, validated, so a misconfiguration fails at start with a clear message.
import crypto from 'node:crypto'
import { z } from 'zod'

const flag = z
  .string()
  .optional()
  .transform((v) => v === 'true' || v === '1')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().default('file:./prisma/data.db'),
  SESSION_SECRET: z.string().optional(),
  MOCKS: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_PROVIDER_NAME: z.string().default('Replit'),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  LOG_REQUESTS: flag,
  // A whole test suite signs in from one address; production keeps the default of 30 a minute.
  SIGN_IN_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  // Load tests only (`npm run bench`): every rate limit off. Never for a real deployment.
  RATE_LIMIT_DISABLED: flag,
})

export type Env = z.infer<typeof EnvSchema> & { mocks: boolean; sessionSecrets: string[] }

let cached: Env | undefined

export function env(): Env {
  if (cached) return cached
  const parsed = EnvSchema.safeParse(process.env)
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  }
  const e = parsed.data
  // Mocks are on by default outside production, and in production only when asked for by name.
  const mocks = e.NODE_ENV === 'production' ? e.MOCKS === 'true' : e.MOCKS !== 'false'
  let secret = e.SESSION_SECRET
  if (!secret) {
    if (e.NODE_ENV === 'production' && !mocks) {
      console.warn('SESSION_SECRET is not set: sessions will not survive a restart.')
    }
    secret = e.NODE_ENV === 'production' ? crypto.randomBytes(32).toString('hex') : 'stockrun-development-secret'
  }
  cached = { ...e, mocks, sessionSecrets: secret.split(',') }
  return cached
}

/** For tests that change the environment between cases. */
export function resetEnvCache() {
  cached = undefined
}
