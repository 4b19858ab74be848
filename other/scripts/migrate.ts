// `node build/migrate.js`: applies pending migrations to DATABASE_URL and exits. LiteFS runs it on the
// lease candidate before the server (other/litefs.yml); the server checks again in-process at start.
import { currentRole } from '../../app/lib/litefs.server'
import { applyPendingMigrations } from '../../server/migrations.server'

const url = process.env.DATABASE_URL ?? 'file:./prisma/data.db'
const role = currentRole()
// A candidate that lost the race for the lease is a replica: the primary migrates for everyone.
const applied = role.kind === 'primary' ? applyPendingMigrations(url) : []
console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'migrations checked', role: role.kind, applied }))
