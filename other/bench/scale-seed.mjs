// The scale database of issue 13, made once and kept: one organisation with 500 properties, 2,000
// products, 100,000 requests over a year (items, status history, notifications), 20,000 runner
// assignments and 5,000 invoices, plus 50 small organisations around it. Two shapes (issue 27):
// 'spread', the requests over all 500 properties, and 'campus', every one of them at one property
// (one big site), which is what moves SQLite's plans. Raw better-sqlite3 statements in one
// transaction; each file is cached under bench/ keyed by a hash of the migrations, of this file and
// of the shape, so a rerun copies it instead of seeding again.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(import.meta.url)
export const SHAPES = ['spread', 'campus']
export const SCALE = { properties: 500, products: 2_000, requests: 100_000, assignments: 20_000, invoices: 5_000, otherOrgs: 50 }
export const MANAGER_EMAIL = 'bench-scale@stockrun.test'
/** The property a building of vendors scans: 30 products on its page. */
export const VENDOR_PRODUCTS = 30
const DAY = 86_400_000
const STATUSES = ['pending', 'in_progress', 'completed', 'archived']

/** Prisma's text format for DateTime in SQLite. */
const at = (ms) => new Date(ms).toISOString().replace('Z', '+00:00')
const uuid = () => crypto.randomUUID()

function migrationsHash(shape) {
  const hash = crypto.createHash('sha256')
  const dir = path.resolve('prisma/migrations')
  for (const name of fs.readdirSync(dir).sort()) {
    const sql = path.join(dir, name, 'migration.sql')
    if (fs.existsSync(sql)) hash.update(name).update(fs.readFileSync(sql))
  }
  return hash.update(fs.readFileSync(here)).update(shape).digest('hex').slice(0, 16)
}

function seedOrganisation(db, { org, email, properties, products, requests, assignments, invoices, vendorProducts, campus = false }) {
  const now = Date.now()
  const userId = uuid()
  db.prepare('INSERT INTO Organisation (id, name, timeZone, createdAt) VALUES (?, ?, ?, ?)').run(org, `Org ${email}`, 'UTC', at(now - 400 * DAY))
  db.prepare('INSERT INTO User (id, email, firstName, lastName, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)').run(userId, email, 'Bench', 'Manager', at(now), at(now))
  db.prepare("INSERT INTO Membership (id, userId, organisationId, role, createdAt) VALUES (?, ?, ?, 'owner', ?)").run(uuid(), userId, org, at(now))
  db.prepare('INSERT INTO UserSettings (userId) VALUES (?)').run(userId)

  const property = db.prepare(
    'INSERT INTO Property (id, organisationId, name, address, isActive, qrCodeActive, latitude, longitude, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?)',
  )
  const propertyIds = []
  for (let i = 0; i < properties; i++) {
    const id = uuid()
    propertyIds.push(id)
    property.run(id, org, `Property ${i + 1}`, `${100 + i} Broadway, New York, NY`, i % 10 === 9 ? 0 : 1, 40.7 + (i % 50) / 1000, -74 + (i % 40) / 1000, at(now - 400 * DAY + i * 1000), at(now))
  }
  const product = db.prepare(
    'INSERT INTO Product (id, organisationId, name, category, description, price, isActive, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)',
  )
  const productRows = []
  for (let i = 0; i < products; i++) {
    const id = uuid()
    const name = `Supply item ${i + 1}`
    productRows.push({ id, name })
    product.run(id, org, name, `Category ${i % 12}`, `Pack of ${1 + (i % 24)}`, `$${(3 + (i % 40)).toFixed(2)}`, at(now), at(now))
  }
  const assign = db.prepare('INSERT INTO PropertyProduct (id, organisationId, propertyId, productId, createdAt) VALUES (?, ?, ?, ?, ?)')
  // The first property is the vendors' one; every other property offers a dozen products.
  for (let k = 0; k < vendorProducts; k++) assign.run(uuid(), org, propertyIds[0], productRows[k].id, at(now))
  for (let i = 1; i < properties; i++) for (let k = 0; k < 12; k++) assign.run(uuid(), org, propertyIds[i], productRows[(i * 7 + k * 13) % products].id, at(now))

  const request = db.prepare(
    'INSERT INTO ProductRequest (id, organisationId, orderNumber, propertyId, vendorName, status, notes, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const item = db.prepare('INSERT INTO RequestItem (id, organisationId, requestId, productId, productName, quantity) VALUES (?, ?, ?, ?, ?, ?)')
  const change = db.prepare('INSERT INTO RequestStatusChange (id, requestId, status, createdAt) VALUES (?, ?, ?, ?)')
  const notification = db.prepare(
    "INSERT INTO Notification (id, organisationId, type, message, requestId, isRead, createdAt) VALUES (?, ?, 'new_request', ?, ?, ?, ?)",
  )
  const requestRows = []
  for (let i = 0; i < requests; i++) {
    const id = uuid()
    const created = now - Math.floor(((requests - i) / requests) * 365 * DAY)
    // The newest few hundred are still waiting for a runner.
    const status = i > requests - 300 ? 'pending' : STATUSES[i % 4]
    const orderNumber = `ORD-${String(i + 1).padStart(6, '0')}`
    requestRows.push({ id, status, created })
    request.run(id, org, orderNumber, propertyIds[campus ? 0 : i % properties], `Vendor ${i % 97}`, status, i % 7 ? null : 'Leave at the front desk', at(created), at(created))
    for (let k = 0; k < 1 + (i % 3); k++) {
      const p = productRows[(i + k * 7) % products]
      item.run(uuid(), org, id, p.id, p.name, 1 + (k % 2))
    }
    change.run(uuid(), id, 'pending', at(created))
    if (status !== 'pending') change.run(uuid(), id, status, at(created + 3_600_000))
    notification.run(uuid(), org, `New request ${orderNumber}`, id, i > requests - 50 ? 0 : 1, at(created))
  }
  // Read state is the manager's own (decision 071): they cleared the bell before the newest 50.
  const newestRead = requestRows[requests - 51]
  if (newestRead) db.prepare('INSERT INTO NotificationsReadUpTo (userId, organisationId, readUpTo) VALUES (?, ?, ?)').run(userId, org, at(newestRead.created))
  db.prepare("INSERT INTO Sequence (organisationId, name, value) VALUES (?, 'order', ?)").run(org, requests)

  const runner = db.prepare('INSERT INTO Runner (id, organisationId, name, phone, isActive, tokenHash, createdAt) VALUES (?, ?, ?, ?, 1, ?, ?)')
  const runnerIds = []
  for (let i = 0; i < 20; i++) {
    const id = uuid()
    runnerIds.push(id)
    runner.run(id, org, `Runner ${i + 1}`, `+1555010${String(i).padStart(4, '0')}`, crypto.randomBytes(32).toString('hex'), at(now))
  }
  const assignment = db.prepare(
    'INSERT INTO RunnerAssignment (id, organisationId, requestId, runnerId, status, assignedAt, deliveredAt, smsStatus, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const done = requestRows.filter((r) => r.status !== 'pending')
  for (let i = 0; i < Math.min(assignments, done.length); i++) {
    const r = done[done.length - 1 - i]
    const delivered = r.status === 'completed' || r.status === 'archived'
    const status = delivered ? 'delivered' : i % 3 ? 'assigned' : 'in_transit'
    assignment.run(uuid(), org, r.id, runnerIds[i % runnerIds.length], status, at(r.created + 600_000), delivered ? at(r.created + 3_600_000) : null, 'sent', at(r.created + 3_600_000))
  }

  const invoice = db.prepare(
    'INSERT INTO Invoice (id, organisationId, invoiceNumber, invoiceDate, recipientName, recipientEmail, subtotalCents, totalAmountCents, status, isArchived, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const invoiceItem = db.prepare(
    'INSERT INTO InvoiceItem (id, organisationId, invoiceId, requestId, productId, description, quantity, unitPriceCents, totalPriceCents, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  let bigInvoice = null
  for (let i = 0; i < invoices; i++) {
    const id = uuid()
    const lines = i === 0 ? 200 : 2
    if (i === 0) bigInvoice = id
    const created = now - Math.floor(((invoices - i) / invoices) * 365 * DAY)
    invoice.run(id, org, `INV-${new Date(created).getUTCFullYear()}-${String(i + 1).padStart(5, '0')}`, at(created), `Recipient ${i % 40}`, `billing${i % 40}@example.test`, lines * 1000, lines * 1000, ['draft', 'sent', 'paid', 'overdue'][i % 4], i % 10 === 0 ? 1 : 0, at(created), at(created))
    for (let k = 0; k < lines; k++) {
      const r = requestRows[(i * 17 + k) % requestRows.length]
      const p = productRows[(i + k) % products]
      invoiceItem.run(uuid(), org, id, r.id, p.id, `${p.name} for ${r.id.slice(0, 8)}`, '1', 1000, 1000, at(created))
    }
  }
  return { vendorPropertyId: propertyIds[0], busiestPropertyId: propertyIds[0], runnerId: runnerIds[0], vendorProductIds: productRows.slice(0, vendorProducts).map((p) => p.id), bigInvoice, requestId: requestRows.at(-1)?.id }
}

function seedInto(file, shape) {
  execFileSync('node', ['build/migrate.js'], { env: { ...process.env, DATABASE_URL: `file:${file}` }, stdio: 'pipe' })
  const Database = createRequire(import.meta.url)('better-sqlite3')
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  // A throwaway database: a big page cache and no fsync keep random-UUID index inserts from thrashing.
  db.pragma('cache_size = -262144')
  db.pragma('synchronous = OFF')
  let main
  db.transaction(() => {
    main = seedOrganisation(db, { org: uuid(), email: MANAGER_EMAIL, ...SCALE, vendorProducts: VENDOR_PRODUCTS, campus: shape === 'campus' })
    for (let o = 0; o < SCALE.otherOrgs; o++) {
      const other = seedOrganisation(db, { org: uuid(), email: `bench-other-${o}@stockrun.test`, properties: 5, products: 40, requests: 400, assignments: 50, invoices: 20, vendorProducts: 12 })
      // Another organisation's building, whose vendors submit while the main one's page is read.
      if (o === 0) main.otherVendor = { propertyId: other.vendorPropertyId, productId: other.vendorProductIds[0] }
    }
  })()
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.exec('ANALYZE')
  db.close()
  return main
}

/**
 * A fresh copy of the scale database of `shape` at `file` (made and cached first if needed); returns
 * the ids the scenarios use and how long seeding took (0 when the cache served).
 */
export function scaleDatabase(file, shape = 'spread') {
  if (!SHAPES.includes(shape)) throw new Error(`unknown scale shape ${shape}`)
  const cacheDir = path.resolve('bench/cache')
  const key = migrationsHash(shape)
  const cached = path.join(cacheDir, `scale-${shape}-${key}.db`)
  const facts = `${cached}.json`
  let seedSeconds = 0
  if (!fs.existsSync(cached) || !fs.existsSync(facts)) {
    fs.mkdirSync(cacheDir, { recursive: true })
    // Older files of this shape (and of the single shape before there were two) are stale.
    for (const old of fs.readdirSync(cacheDir)) {
      if (old.startsWith(`scale-${shape}-`) || /^scale-[0-9a-f]{16}\.db/.test(old)) fs.rmSync(path.join(cacheDir, old), { force: true })
    }
    const started = performance.now()
    const building = `${cached}.building`
    const main = seedInto(building, shape)
    for (const suffix of ['-wal', '-shm']) fs.rmSync(building + suffix, { force: true })
    fs.renameSync(building, cached)
    fs.writeFileSync(facts, JSON.stringify(main))
    seedSeconds = (performance.now() - started) / 1000
  }
  // A write-ahead log left beside an earlier copy would be applied to this one and corrupt it.
  for (const suffix of ['-wal', '-shm']) fs.rmSync(file + suffix, { force: true })
  fs.copyFileSync(cached, file)
  return { ...JSON.parse(fs.readFileSync(facts, 'utf8')), seedSeconds }
}
