// `node build/migrate.js`: applies pending migrations to DATABASE_URL and exits. LiteFS runs it on the
// lease candidate before the server (other/litefs.yml); the server checks again in-process at start.
import { applyPendingMigrations } from '../../app/lib/migrations.server'

const url = process.env.DATABASE_URL ?? 'file:./prisma/data.db'
const applied = applyPendingMigrations(url)
console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'migrations checked', applied }))
