// Demo data for `npm run dev`: one organisation owned by demo@stockrun.test with properties,
// a catalog, runners and requests in every status. Safe to run twice: it stops if the owner exists.
import { db } from '../app/lib/db.server'
import { env } from '../app/lib/env.server'
import { applyPendingMigrations } from '../server/migrations.server'
import { hashToken, newToken } from '../app/lib/tokens.server'
import { giveHandoverCode } from '../app/areas/requests/handover.server'
import { nextOrderNumber } from '../app/areas/organisation/sequence.server'

const OWNER = 'demo@stockrun.test'

const PROPERTIES = [
  { name: 'Hudson Yards Residences', address: '500 W 33rd St, New York, NY 10001' },
  { name: 'Chelsea Lofts', address: '245 W 17th St, New York, NY 10011' },
  { name: 'Midtown Plaza Suites', address: '1350 6th Ave, New York, NY 10019' },
  { name: 'Brooklyn Heights Commons', address: '75 Clark St, Brooklyn, NY 11201' },
  { name: 'Upper East Gardens', address: '1500 York Ave, New York, NY 10075' },
]

const CATALOG: Record<string, Array<[string, string, string]>> = {
  'Cleaning Supplies': [
    ['All-Purpose Cleaner', 'Concentrated spray for every surface, 32 oz', '$6.49'],
    ['Microfiber Cloths (12)', 'Lint-free cloths for glass and steel', '$14.99'],
    ['Disinfectant Wipes', 'Canister of 80 lemon-scented wipes', '$5.79'],
    ['Floor Cleaner', 'pH-neutral cleaner for hardwood and tile, 1 gal', '$18.50'],
    ['Trash Bags 33 gal (50)', 'Heavy-duty drawstring bags', '$21.00'],
  ],
  'Maintenance Tools': [
    ['LED Light Bulbs (4)', 'A19 60W-equivalent, warm white', '$12.99'],
    ['Plunger', 'Heavy-duty flange plunger', '$9.25'],
    ['Duct Tape', 'Silver, 2 in × 60 yd', '$7.49'],
    ['HVAC Filter 20x25x1', 'MERV 8 pleated filter', '$11.75'],
    ['Smoke Detector Battery (9V)', 'Long-life alkaline, pack of 2', '$8.99'],
  ],
  'Office Supplies': [
    ['Printer Paper (500)', 'Letter size, 20 lb', '$9.99'],
    ['Ballpoint Pens (12)', 'Black ink, medium point', '$4.50'],
    ['Sticky Notes', '3 × 3 in, 12 pads', '$6.25'],
    ['Packing Tape', 'Clear, with dispenser', '$5.49'],
    ['Envelopes #10 (100)', 'Self-seal security envelopes', '$10.99'],
  ],
  'Guest Amenities': [
    ['Bath Towels (4)', 'Cotton, hotel grade', '$32.00'],
    ['Toilet Paper (24 rolls)', 'Two-ply, septic safe', '$19.99'],
    ['Hand Soap Refill', 'Unscented, 56 oz', '$7.99'],
    ['Coffee Pods (48)', 'Medium roast', '$24.49'],
    ['Shampoo Minis (50)', 'Travel size, 1 oz', '$22.00'],
  ],
}

const RUNNERS = [
  { name: 'Marcus Reyes', phone: '+1 212 555 0141', email: 'marcus@example.com' },
  { name: 'Aisha Khan', phone: '+1 718 555 0187', email: null },
  { name: 'Tomás Silva', phone: '+1 646 555 0112', email: 'tomas@example.com' },
]

const VENDORS = ['Green Clean Co.', 'Metro Maintenance', 'Sunrise Housekeeping', 'Bright Facilities', 'Ortega Services']

async function seed() {
  // A new database file has no tables yet; `npm run db:seed` alone must still work on it.
  const applied = applyPendingMigrations(env().DATABASE_URL)
  if (applied.length > 0) console.log(`Applied ${applied.length} pending migration(s) first.`)
  if (await db.user.findUnique({ where: { email: OWNER } })) {
    console.log(`Demo data already present (${OWNER}).`)
    return
  }
  // Issue 34: a company as a real one would appear on its invoices and e-mails, its first-run step done.
  const org = await db.organisation.create({
    data: {
      name: 'Harbor Property Group',
      timeZone: 'America/New_York',
      address: '250 Water Street, Suite 400\nNew York, NY 10038',
      contactEmail: 'office@harborpropertygroup.example',
      contactPhone: '+1 212 555 0100',
      taxId: 'EIN 12-3456789',
      setupCompletedAt: new Date(),
    },
  })
  // Its first depot (issue 37), as sign-up makes one.
  await db.depot.create({ data: { organisationId: org.id, name: 'Main depot' } })
  const owner = await db.user.create({ data: { email: OWNER, firstName: 'Dana', lastName: 'Demo' } })
  await db.membership.create({ data: { userId: owner.id, organisationId: org.id, role: 'owner' } })
  await db.userSettings.create({ data: { userId: owner.id } })

  const day = 24 * 60 * 60 * 1000
  const properties = []
  for (const [i, p] of PROPERTIES.entries()) {
    const created = await db.property.create({
      data: { ...p, organisationId: org.id, qrCodeActive: i !== 4, isActive: i !== 4, createdAt: new Date(Date.now() - (30 - i) * day) },
    })
    properties.push(
      await db.property.update({
        where: { id: created.id },
        data: created.qrCodeActive ? { qrCodeUrl: `http://localhost:3000/vendor/${created.id}`, qrCodeGeneratedAt: created.createdAt } : {},
      }),
    )
  }

  const products: Array<{ id: string; name: string }> = []
  for (const [category, items] of Object.entries(CATALOG)) {
    for (const [name, description, price] of items) {
      products.push(await db.product.create({ data: { organisationId: org.id, name, category, description, price } }))
    }
  }

  // Each property stocks twelve products, a different slice of the catalog each.
  for (const [pi, property] of properties.entries()) {
    for (let k = 0; k < 12; k++) {
      const product = products[(pi * 4 + k) % products.length]!
      await db.propertyProduct.create({ data: { organisationId: org.id, propertyId: property.id, productId: product.id } })
    }
  }

  const runnerLinks: string[] = []
  const runners: Array<{ id: string; name: string }> = []
  for (const r of RUNNERS) {
    const token = newToken()
    const runner = await db.runner.create({ data: { ...r, organisationId: org.id, tokenHash: hashToken(token) } })
    runners.push(runner)
    runnerLinks.push(`  ${runner.name}: http://localhost:3000/runner/${runner.id}/${token}`)
  }

  const trackingLinks: string[] = []
  const statuses = ['pending', 'pending', 'pending', 'in_progress', 'in_progress', 'completed', 'completed', 'completed', 'archived', 'pending']
  for (const [i, status] of statuses.entries()) {
    const property = properties[i % 4]!
    const createdAt = new Date(Date.now() - (statuses.length - i) * 5 * 60 * 60 * 1000)
    // Sent by a vendor, as a real request is: a tracking link and the handover code it shows.
    const trackingToken = newToken()
    await db.$transaction(async (tx) => {
      const request = await tx.productRequest.create({
        data: {
          organisationId: org.id,
          orderNumber: await nextOrderNumber(tx, org.id),
          propertyId: property.id,
          vendorName: VENDORS[i % VENDORS.length]!,
          status,
          notes: i % 3 === 0 ? 'Please leave at the front desk.' : null,
          language: 'en',
          trackingTokenHash: hashToken(trackingToken),
          createdAt,
        },
      })
      const code = await giveHandoverCode(tx, request.id, trackingToken)
      if (status === 'in_progress') trackingLinks.push(`  ${request.orderNumber} (handover code ${code}): http://localhost:3000/track/${trackingToken}`)
      const count = 1 + (i % 3)
      for (let k = 0; k < count; k++) {
        const product = products[(i * 3 + k) % products.length]!
        await tx.requestItem.create({
          data: { organisationId: org.id, requestId: request.id, productId: product.id, productName: product.name, quantity: 1 + (k % 2) },
        })
      }
      await tx.requestStatusChange.create({ data: { requestId: request.id, status: 'pending', createdAt } })
      if (status !== 'pending') {
        await tx.requestStatusChange.create({ data: { requestId: request.id, status } })
      }
      if (status === 'in_progress' || status === 'completed') {
        const delivered = status === 'completed'
        await tx.runnerAssignment.create({
          data: {
            organisationId: org.id,
            requestId: request.id,
            runnerId: runners[i % runners.length]!.id,
            status: delivered ? 'delivered' : i % 2 ? 'in_transit' : 'assigned',
            deliveredAt: delivered ? new Date(createdAt.getTime() + 2 * 60 * 60 * 1000) : null,
            smsStatus: 'skipped',
          },
        })
      }
      await tx.notification.create({
        data: { organisationId: org.id, type: 'new_request', message: `New request ${request.orderNumber} from ${request.vendorName}`, propertyId: property.id, requestId: request.id, isRead: i < 7, createdAt },
      })
    })
  }
  console.log(`Seeded the demo organisation for ${OWNER}. Runner portal links (shown once):\n${runnerLinks.join('\n')}`)
  console.log(`Vendor tracking links of the requests under way:\n${trackingLinks.join('\n')}`)
}

seed()
  .catch((err) => {
    console.error(err)
    process.exitCode = 1
  })
  .finally(() => db.$disconnect())
