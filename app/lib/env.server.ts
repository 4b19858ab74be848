// One read of the environment, validated, so a misconfiguration fails at start with a clear message.
import { z } from 'zod'

const flag = z
  .string()
  .optional()
  .transform((v) => v === 'true' || v === '1')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().default('file:./prisma/data.db'),
  DATABASE_READONLY: flag,
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
  ANONYMOUS_WRITE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  VENDOR_SUBMISSION_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  // Load tests only (`npm run bench`): every rate limit off. Never for a real deployment.
  RATE_LIMIT_DISABLED: flag,
  // Who runs the deployment (decision 072): comma-separated e-mails; unset, the first organisation does.
  OPERATOR_EMAILS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
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
  const missing = missingInProduction(e)
  if (missing.length > 0) {
    // A random per-process secret would sign everyone out on each deploy and differ between machines.
    throw new Error(`Missing production environment: ${missing.join(', ')} must be set (see README, "Deploy to Fly").`)
  }
  const secret = e.SESSION_SECRET || 'stockrun-development-secret'
  cached = { ...e, mocks, sessionSecrets: secret.split(',') }
  return cached
}

/** Variables production cannot start without (named together, so one deploy fixes them all). */
function missingInProduction(e: z.infer<typeof EnvSchema>) {
  if (e.NODE_ENV !== 'production') return []
  const missing: string[] = []
  if (!e.SESSION_SECRET) missing.push('SESSION_SECRET')
  // On Fly with LiteFS, replicas reach the primary by the app's private name.
  if (process.env.LITEFS_DIR && !process.env.FLY_APP_NAME && !process.env.PRIMARY_INTERNAL_URL) missing.push('FLY_APP_NAME (or PRIMARY_INTERNAL_URL)')
  return missing
}

/** What production can start without but a manager would notice; logged at start. */
export function productionWarnings(e: Env): string[] {
  if (e.NODE_ENV !== 'production' || e.mocks) return []
  const unset = (['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).filter((name) => !e[name])
  return unset.length > 0 ? [`${unset.join(', ')} not set: sign-in is unavailable until they are.`] : []
}

/** For tests that change the environment between cases. */
export function resetEnvCache() {
  cached = undefined
}
