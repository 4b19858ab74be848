#!/usr/bin/env node
// Moves Stockrun from folders by kind (app/models, lib, services, components, jobs; one flat app/routes)
// to the wings layout of issue 35: app/areas/<area>/, app/ui/, server/, and routes in remix-flat-routes
// `+` folders. Every import specifier, route id and source path that names a moved file is rewritten.
//
// It is written to be run on a merged branch where other work has added files since it was written:
// a file the table below does not name is placed by the rules after it (by its name), and a file that
// neither places stays where it is and is listed. Run it again and it finds nothing left to move.
//
//   node other/scripts/move-to-wings.mjs            move, rewrite, check the area order, print a summary
//   node other/scripts/move-to-wings.mjs --dry-run  print what it would move; change nothing
//   node other/scripts/move-to-wings.mjs --check    only check the area order of the tree as it is
//
// Exits 1 when something is left unresolved: a file placed twice, an import it could not follow, a
// config it could not patch, or an area importing one above it.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const DRY = process.argv.includes('--dry-run')
const CHECK_ONLY = process.argv.includes('--check')
const WINGS = path.join(ROOT, 'other/scripts/wings')

// ─── The areas, bottom first: an area may import those before it, never one after it. ───────────
// lib (app/lib: database, SQL runner, env, log, caches, file/PDF/geocode adapters, hooks, formats) and
// ui (app/ui: the kit) sit below every area; routes sit above them all; server/ sits on top.
const AREAS = ['organisation', 'outbox', 'people', 'catalogue', 'integrations', 'requests', 'stock', 'purchasing', 'deliveries', 'billing', 'insights']

// ─── Where each known file goes, by its path under app/. ────────────────────────────────────────
// models/, services/, lib/ → app/areas/<area>/<name>; lib/schemas/<x>.ts → <area>/<x>.schema.ts;
// components/<x> → <area>/components/<x>. A test (`x.test.ts`, `x.server.test.ts`, `x.every-way.test.ts`)
// follows the file it is named after and is not listed.
const PLACES = {
  organisation: [
    'models/audit-log.server.ts', 'models/organisation-identity.server.ts', 'models/organisation-identity-form.server.ts',
    'models/organisation-settings.server.ts', 'models/organisation-time-zone.server.ts', 'models/permissions.ts',
    'models/sequence.server.ts', 'models/settings.server.ts', 'models/unused-uploads.server.ts', 'models/health.server.ts',
    'lib/schemas/audit-log.ts', 'lib/schemas/settings.ts', 'lib/route-contract.ts',
    'components/settings-audit-log.tsx', 'components/settings-identity.tsx', 'components/use-permissions.ts',
  ],
  outbox: [
    'models/activity-event.server.ts', 'models/notification.server.ts',
    'services/mail.server.ts', 'services/sms.server.ts', 'lib/send-outcome.ts',
    'components/notification-bell.tsx', 'components/notification-sound.tsx',
  ],
  people: [
    'models/api-key.server.ts', 'models/first-run.server.ts', 'models/invitation.server.ts', 'models/membership.server.ts',
    'models/operator.server.ts', 'models/session.server.ts', 'models/user.server.ts', 'models/signed-in-manager.server.ts',
    'services/auth.server.ts', 'services/session.server.ts',
    'lib/schemas/team.ts',
    'components/team.tsx', 'components/settings-sessions.tsx',
  ],
  catalogue: [
    'models/catalog-page.server.ts', 'models/category-translation.server.ts', 'models/product-translation.server.ts',
    'models/product.server.ts', 'models/property.server.ts', 'models/property-location.server.ts', 'models/scan.server.ts',
    'models/storefront.server.ts', 'models/storefront-stamp.server.ts', 'models/storefront-cache.test.ts',
    'services/qr.server.ts',
    'lib/schemas/catalog-page.ts', 'lib/schemas/product.ts', 'lib/schemas/property.ts', 'lib/schemas/translation.ts',
    'components/product-card.tsx', 'components/product-form.tsx', 'components/product-translations-dialog.tsx',
    'components/product-translations-missing.tsx', 'components/property-card.tsx', 'components/property-form.tsx',
    'components/qr-image.tsx', 'components/qr-modal.tsx', 'components/qr-vendor-preview.tsx',
  ],
  integrations: [
    'models/webhook.server.ts', 'models/webhook-delivery.server.ts', 'models/integration-settings.server.ts',
    'models/catalog-csv.server.ts',
    'services/webhooks.server.ts',
    'lib/openapi.ts', 'lib/api-reference.ts', 'lib/csv-upload.server.ts',
    'lib/schemas/import.ts', 'lib/schemas/integrations.ts', 'lib/schemas/responses.ts',
    'components/settings-integrations.tsx',
  ],
  requests: [
    'models/request.server.ts', 'models/request-batch.server.ts', 'models/request-details.server.ts',
    'models/request-document.server.ts', 'models/request-fields.server.ts', 'models/request-intake.server.ts',
    'models/request-status.server.ts', 'models/request-search.server.test.ts', 'models/handover.server.ts',
    'models/idempotent-submission.server.ts', 'models/standing-order.server.ts', 'models/tracking-stream.server.ts',
    'models/urgent-requests.server.ts', 'models/overdue-requests.server.ts', 'models/vendor-cart.server.ts',
    'lib/status-labels.ts',
    'lib/schemas/request-fields.ts', 'lib/schemas/request-input.ts', 'lib/schemas/standing-order.ts',
    'components/request-card.tsx', 'components/request-details-dialog.tsx', 'components/request-filters.tsx',
    'components/request-new-dialog.tsx', 'components/request-row.tsx', 'components/request-summary.tsx',
    'components/requester-details.tsx', 'components/requests-map.tsx', 'components/proof-details.tsx',
    'components/handover-code-box.tsx', 'components/urgent-waiting.tsx', 'components/settings-handover.tsx',
    'components/property-request-fields.tsx', 'components/property-standing-orders.tsx',
    'components/vendor-cart.tsx', 'components/vendor-finalize-dialog.tsx', 'components/vendor-header.tsx',
    'components/vendor-product-list.tsx', 'components/vendor-request-details.tsx', 'components/vendor-success.tsx',
  ],
  deliveries: [
    'models/assignment.server.ts', 'models/assign-runner.server.ts', 'models/delivery-ledger.server.ts', 'models/delivery-proof.server.ts',
    'models/dispatch-board.server.ts', 'models/nobody-there.server.ts', 'models/requester-mail.server.ts',
    'models/requester-updates.server.ts', 'models/run.server.ts', 'models/run-estimate.server.ts', 'models/run-view.server.ts',
    'models/runner.server.ts', 'models/runner-position.server.ts', 'models/runner-suggestions.server.ts',
    'models/tracked-run.server.ts',
    'lib/route-order.ts', 'lib/stop-return.ts', 'lib/distance-words.ts', 'lib/dispatch-pages.ts', 'lib/position-sharing.ts',
    'lib/schemas/dispatch.ts',
    'components/delivery-access-denied.tsx', 'components/delivery-order-cards.tsx', 'components/delivery-proof-box.tsx',
    'components/delivery-proof-fields.tsx', 'components/delivery-status-badge.tsx', 'components/dispatch-cards.tsx',
    'components/dispatch-copy-field.tsx', 'components/dispatch-runs-card.tsx', 'components/handover-code-field.tsx',
    'components/nobody-there-form.tsx', 'components/offline-queue-status.tsx', 'components/requester-notify-form.tsx',
    'components/run-runner-choice.tsx', 'components/run-stops.tsx', 'components/runner-assignment-card.tsx',
    'components/runner-link-panel.tsx', 'components/settings-runs.tsx', 'components/signature-pad.tsx',
  ],
  billing: [
    'models/invoice.server.ts', 'models/invoice-document.server.ts', 'models/invoice-page.server.ts',
    'models/invoice-status.server.ts', 'models/recipient.server.ts',
    'lib/schemas/invoice.ts',
    'components/billing-stats.tsx', 'components/billing-table.tsx', 'components/invoice-details-dialog.tsx',
    'components/invoice-email-confirm.tsx', 'components/invoice-from-requests-dialog.tsx', 'components/invoice-new-dialog.tsx',
    'components/invoice-recipient-fields.tsx', 'components/invoice-status.tsx',
  ],
  insights: [
    'models/reorder.server.ts', 'models/report.server.ts', 'models/stats.server.ts',
    'lib/schemas/reorder.ts', 'lib/schemas/report.ts',
    'components/report-charts.tsx', 'components/stats-cards.tsx', 'components/running-out.tsx', 'components/property-stock.tsx',
  ],
  // The kit every area and page may use: it imports app/lib only, never an area.
  ui: [
    'components/address-input.tsx', 'components/branded-panel.tsx', 'components/chart.tsx', 'components/image-input.tsx',
    'components/live-events.tsx', 'components/not-allowed-screen.tsx', 'components/not-found-screen.tsx',
    'components/time-ago.tsx', 'components/time-zone-select.tsx',
  ],
  // The signed-in shell and the list helpers the catalogue pages borrow from the requests list: they
  // import several areas, so they sit with the pages that use them, above every area.
  shell: [
    'components/sidebar.tsx', 'components/page-header.tsx', 'components/page-placeholder.tsx',
    'components/catalog-pager.tsx', 'components/property-products.tsx',
  ],
  // Adapters to outside services with no rule of ours in them: every area may reach them.
  lib: [
    'services/geocode.server.ts', 'services/storage.server.ts', 'services/images.server.ts', 'services/pdf.server.ts',
    'services/pdf-patches.test.ts', 'services/primary-relay.server.ts', 'lib/schemas/common.ts',
  ],
  // Only the Node process uses these (server.ts, other/scripts/migrate.ts); the Remix build never does.
  server: ['lib/migrations.server.ts'],
  'server/jobs': ['lib/primary-jobs.server.ts', 'lib/primary-job.ts'],
}

// Two files of one name meeting in one area.
const RENAMES = { 'services/session.server.ts': 'session-storage.server.ts' }

// ─── Rules for files the table does not name (first match wins), by file name. ──────────────────
const RULES = [
  // A route's contract names a permission of the policy, and people and integrations read contracts.
  [/contract/, 'organisation'],
  [/^db-|^sql|^kysely/, 'lib'],
  [/^requester-|^tracked-/, 'deliveries'],
  [/^(audit|organisation|settings|sequence|permission|unused-upload|health|system-setting)/, 'organisation'],
  [/^(notification|activity|mail|sms|outbox)/, 'outbox'],
  [/^(user|member|invitation|session|auth|sign-in|first-run|operator|api-key|team|oidc)/, 'people'],
  [/^(product|propert|catalog|category|translation|storefront|qr|scan)/, 'catalogue'],
  [/^(webhook|integration|import|export|openapi|api-reference)/, 'integrations'],
  [/^(request|intake|vendor|handover|standing-order|tracking|urgent|overdue|idempotent)/, 'requests'],
  [/^(assignment|run-|runs-|runner|dispatch|delivery|proof|nobody|position|route-order|stop-)/, 'deliveries'],
  [/^(invoice|billing|recipient)/, 'billing'],
  [/^(report|stats|reorder|stock|insight|consumption)/, 'insights'],
]

// ─── Routes: by the first segment of the flat name, into a `+` folder. URLs stay the same. ──────
const ROUTE_FOLDERS = ['_app', 'api', 'vendor', 'runner', 'delivery', 'track', 'auth', 'invite', 'qr']

const problems = []
const stayInLib = []
const notes = []
const rel = (abs) => path.relative(ROOT, abs).split(path.sep).join('/')
const abs = (r) => path.join(ROOT, r)
const exists = (r) => fs.existsSync(abs(r)) && fs.statSync(abs(r)).isFile()

function walk(dir, out = []) {
  if (!fs.existsSync(abs(dir))) return out
  for (const e of fs.readdirSync(abs(dir), { withFileTypes: true })) {
    const p = `${dir}/${e.name}`
    if (e.isDirectory()) {
      if (['node_modules', 'build', '.tmp', 'test-results', '.cache', 'decisions'].includes(e.name)) continue
      walk(p, out)
    } else out.push(p)
  }
  return out
}

const TEST = /\.test\.(ts|tsx)$/

function areaDest(place, oldRel) {
  const base = path.posix.basename(oldRel)
  const dir = path.posix.dirname(oldRel)
  const renamed = RENAMES[oldRel] ?? base
  if (place === 'lib') {
    if (dir === 'lib/schemas') return `app/lib/${base.replace(/\.ts$/, '.schema.ts')}`
    return `app/lib/${renamed}`
  }
  if (place === 'ui') return `app/ui/${renamed}`
  if (place === 'shell') return `app/routes/_app+/components/${renamed}`
  if (place.startsWith('server')) return `${place}/${renamed}`
  const area = `app/areas/${place}`
  if (dir === 'lib/schemas') return `${area}/${base.replace(/\.ts$/, '.schema.ts')}`
  if (dir === 'components') return `${area}/components/${renamed}`
  return `${area}/${renamed}`
}

const TABLE = new Map()
for (const [place, files] of Object.entries(PLACES)) for (const f of files) TABLE.set(f, place)

function ruleFor(oldRel) {
  const base = path.posix.basename(oldRel)
  for (const [re, place] of RULES) if (re.test(base)) return place
  return null
}

// The destination of a non-test file under app/ (path relative to app/), or null to stay.
function placeOf(oldRel) {
  if (TABLE.has(oldRel)) return areaDest(TABLE.get(oldRel), oldRel)
  const dir = path.posix.dirname(oldRel)
  if (dir === 'components/ui') return `app/ui/${path.posix.basename(oldRel)}`
  if (dir === 'lib/server') return `server/http/${path.posix.basename(oldRel)}`
  if (dir === 'jobs') return `server/jobs/${path.posix.basename(oldRel)}`
  const place = ruleFor(oldRel)
  if (!place) return null
  if (place === 'lib') return dir.startsWith('lib') ? null : areaDest('lib', oldRel)
  return areaDest(place, oldRel)
}

// A test follows the file it is named after: `a.b.test.ts` → a.b.ts, a.b.tsx, a.b.server.ts, then a.*.
function placeOfTest(oldRel) {
  if (TABLE.has(oldRel)) return areaDest(TABLE.get(oldRel), oldRel)
  const dir = path.posix.dirname(oldRel)
  const name = path.posix.basename(oldRel)
  let stem = name.replace(TEST, '')
  while (stem) {
    for (const ext of ['.ts', '.tsx', '.server.ts']) {
      const candidate = `${dir}/${stem}${ext}`
      if (exists(`app/${candidate}`) || TABLE.has(candidate)) {
        const dest = placeOf(candidate)
        if (!dest) return null
        const oldBase = `${stem}${ext}`.replace(/\.(ts|tsx)$/, '')
        const newBase = path.posix.basename(dest).replace(/\.(ts|tsx)$/, '')
        return `${path.posix.dirname(dest)}/${name.startsWith(oldBase) ? newBase + name.slice(oldBase.length) : name}`
      }
    }
    stem = stem.includes('.') ? stem.slice(0, stem.lastIndexOf('.')) : ''
  }
  return placeOf(oldRel)
}

const KIND_DIRS = ['models', 'lib', 'services', 'components', 'jobs']

function routeDest(name) {
  // name: file name directly under app/routes
  const first = name.split('.')[0]
  if (!ROUTE_FOLDERS.includes(first)) return null
  const rest = name.slice(first.length + 1)
  if (!rest) return null
  let inner = rest
  if (/^(tsx?|jsx?)$/.test(rest)) inner = `_layout.${rest}` // `_app.tsx`: the folder's layout
  else if (/^test\.(tsx?)$/.test(rest)) inner = `_layout.${rest}`
  return `app/routes/${first}+/${inner}`
}

function planMoves() {
  const moves = new Map() // old repo path → new repo path
  const unplaced = []
  for (const kind of KIND_DIRS) {
    for (const file of walk(`app/${kind}`)) {
      const oldRel = file.slice('app/'.length)
      if (!/\.(ts|tsx|js|mjs)$/.test(file)) {
        unplaced.push(file)
        continue
      }
      const dest = TEST.test(file) ? placeOfTest(oldRel) : placeOf(oldRel)
      if (dest && dest !== file) moves.set(file, dest)
      else if (!dest && kind !== 'lib') unplaced.push(file)
      else if (!dest) stayInLib.push(file)
    }
  }
  for (const e of fs.existsSync(abs('app/routes')) ? fs.readdirSync(abs('app/routes'), { withFileTypes: true }) : []) {
    if (e.isFile()) {
      const dest = routeDest(e.name)
      if (dest) moves.set(`app/routes/${e.name}`, dest)
    } else if (e.isDirectory() && !e.name.endsWith('+')) {
      // Remix's own folder route (`_app.properties/route.tsx` and its helpers) moves whole into the `+` folder.
      const first = e.name.split('.')[0]
      if (!ROUTE_FOLDERS.includes(first) || e.name === first) continue
      for (const file of walk(`app/routes/${e.name}`)) moves.set(file, `app/routes/${first}+/${e.name.slice(first.length + 1)}${file.slice(`app/routes/${e.name}`.length)}`)
    }
  }
  const seen = new Map()
  for (const [from, to] of moves) {
    if (seen.has(to)) problems.push(`two files would land on ${to}: ${seen.get(to)} and ${from}`)
    else if (exists(to)) problems.push(`${to} exists already; ${from} not moved`)
    seen.set(to, from)
  }
  for (const p of problems) {
    const m = /: (\S+)( and (\S+))?/.exec(p)
    if (m) moves.delete(m[3] ?? m[1])
  }
  return { moves, unplaced }
}

// ─── Import specifiers. ─────────────────────────────────────────────────────────────────────────
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/
const EXTS = ['', '.ts', '.tsx', '.js', '.mjs', '.json', '/index.ts', '/index.tsx']

function resolveSpec(fromFile, spec) {
  let base
  if (spec.startsWith('~/')) base = `app/${spec.slice(2)}`
  else if (spec.startsWith('./') || spec.startsWith('../')) base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec))
  else return null
  for (const ext of EXTS) if (exists(base + ext)) return { file: base + ext, ext }
  if (/\.js$/.test(base) && exists(base.replace(/\.js$/, '.ts'))) return { file: base.replace(/\.js$/, '.ts'), ext: '' }
  return undefined
}

function specFor(fromNew, toNew, original, ext) {
  let target = toNew
  if (ext === '' || ext.startsWith('/index')) {
    // the original named the file without its extension (or a folder's index)
    if (ext.startsWith('/index')) target = path.posix.dirname(toNew)
    else target = toNew.replace(/\.(ts|tsx|js|mjs)$/, '')
  } else if (!original.endsWith(ext)) target = toNew.replace(/\.(ts|tsx|js|mjs)$/, '')
  const inApp = (p) => p.startsWith('app/')
  const relative = () => {
    let r = path.posix.relative(path.posix.dirname(fromNew), target)
    if (!r.startsWith('.')) r = `./${r}`
    return r
  }
  if (original.startsWith('~/')) {
    if (inApp(target)) return `~/${target.slice(4)}`
    return relative()
  }
  const r = relative()
  // Leaving its own folder inside app/ reads better from the root alias (app/ and server/ only: the
  // browser journeys and scripts are not bundled with it).
  if (inApp(target) && (inApp(fromNew) || fromNew.startsWith('server/')) && r.startsWith('../')) return `~/${target.slice(4)}`
  return r
}

const STRING = /(['"`])((?:~|\.{1,2})\/(?:(?!\$\{)[^'"`\s])*)\1/g
const REPO_PATH = /(['"`])((?:\.\/)?(?:app|server)\/[A-Za-z0-9_.$[\]+/-]+)\1/g

function rewriteSource(text, oldFile, newFile, moves, stats) {
  let out = text.replace(STRING, (whole, q, spec) => {
    const hit = resolveSpec(oldFile, spec)
    if (hit === null) return whole
    if (hit === undefined) {
      // Not a file of the tree (a generated file not made yet, a pattern): a problem only where the
      // move changes what it points at, from a file that moves or through the alias into a folder we empty.
      const base = spec.startsWith('~/') ? `app/${spec.slice(2)}` : path.posix.normalize(path.posix.join(path.posix.dirname(oldFile), spec))
      const emptied = ['models', 'services', 'components', 'jobs', 'lib/schemas', 'lib/server'].some((k) => base.startsWith(`app/${k}/`))
      if ((newFile !== oldFile || (spec.startsWith('~/') && emptied)) && !/[*{]/.test(spec)) stats.unresolved.push(`${oldFile}: ${spec}`)
      return whole
    }
    const toNew = moves.get(hit.file) ?? hit.file
    if (toNew === hit.file && newFile === oldFile) return whole
    const next = specFor(newFile, toNew, spec, hit.ext)
    if (next === spec) return whole
    stats.specifiers++
    return `${q}${next}${q}`
  })
  // Paths from the repository root (tests that read a source file, scripts that name an entry).
  out = out.replace(REPO_PATH, (whole, q, p) => {
    const bare = p.replace(/^\.\//, '')
    for (const ext of ['', '.ts', '.tsx']) {
      if (moves.has(bare + ext)) {
        stats.paths++
        const to = moves.get(bare + ext)
        return `${q}${p.startsWith('./') ? './' : ''}${ext ? to.slice(0, -ext.length) : to}${q}`
      }
    }
    return whole
  })
  return out
}

// ─── Route ids and route file names in tests and code. ──────────────────────────────────────────
function routeRenames(moves) {
  const list = []
  for (const [from, to] of moves) {
    if (!from.startsWith('app/routes/') || TEST.test(from)) continue
    const oldName = from.slice('app/routes/'.length)
    const newName = to.slice('app/routes/'.length)
    list.push({ oldName, newName, oldId: oldName.replace(/\.(tsx|ts)$/, ''), newId: newName.replace(/\.(tsx|ts)$/, '') })
  }
  return list.sort((a, b) => b.oldId.length - a.oldId.length)
}

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const ID_END = '(?![A-Za-z0-9_.$\\[\\]%+-])'

function rewriteRouteIds(text, renames, stats) {
  if (!renames.length || !/routes(\/|%2F)|\.tsx?['"`]/.test(text)) return text
  const byOld = new Map(renames.map((r) => [r.oldId, r]))
  const byEncoded = new Map(renames.map((r) => [encodeURIComponent(r.oldId), r]))
  const plain = new RegExp(`(_data=)?routes/(${renames.map((r) => esc(r.oldId)).join('|')})${ID_END}`, 'g')
  const encoded = new RegExp(`routes%2F(${renames.map((r) => esc(encodeURIComponent(r.oldId))).join('|')})${ID_END}`, 'g')
  const names = new RegExp(`(['"\`])(${renames.map((r) => esc(r.oldName)).join('|')})\\1`, 'g')
  let out = text.replace(plain, (_, data, id) => {
    stats.routeIds++
    const next = byOld.get(id).newId
    return `${data ?? ''}routes/${data ? next.replace(/\+/g, '%2B') : next}`
  })
  out = out.replace(encoded, (_, id) => {
    stats.routeIds++
    return `routes%2F${encodeURIComponent(byEncoded.get(id).newId)}`
  })
  out = out.replace(names, (_, q, name) => {
    stats.routeNames++
    return `${q}${renames.find((r) => r.oldName === name).newName}${q}`
  })
  return out
}

// A test that matches a route file's name by its start or its dots (`api.dispatch.assign`) reads the
// flat name the file had: `api+/dispatch.assign.$id.ts` → `api.dispatch.assign.$id.ts`.
function flattenNameMatches(text, file, stats) {
  if (!(file.startsWith('tests/') || TEST.test(file))) return text
  return text.replace(/\b((?:route\.)?file)\.(startsWith|split)\(/g, (_, name, how) => {
    stats.flatNames++
    return `${name}.replace(/\\+\\//g, '.').${how}(`
  })
}

// ─── Files that read app/routes as one flat folder: read it with its `+` folders. ───────────────
const ROUTE_WALKERS = [
  {
    file: 'tests/support/route-files.ts',
    edits: [
      [/\.readdirSync\(ROUTES_DIR\)/, '.readdirSync(ROUTES_DIR, { recursive: true }).map(String).filter(isRouteModulePath)'],
      [/segments\(file\.replace\(/, "segments(file.replace(/\\+\\//g, '.').replace(/\\/route(?=\\.tsx?$)/, '').replace("],
    ],
    helper: true,
  },
  {
    file: 'tests/support/routes.ts',
    edits: [
      [/\.readdirSync\(dir\)\n/, '.readdirSync(dir, { recursive: true })\n    .map(String)\n    .filter(isRouteModulePath)\n'],
      [/const name = file\.replace\(\/\\\.tsx\?\$\/, ''\)/, "const name = file.replace(/\\+\\//g, '.').replace(/\\/route(?=\\.tsx?$)/, '').replace(/\\.tsx?$/, '')"],
    ],
    helper: true,
  },
  {
    file: 'tests/support/page-inventory.test.ts',
    edits: [[/\.readdirSync\(routesDir\)\n/, '.readdirSync(routesDir, { recursive: true })\n    .map(String)\n    .filter(isRouteModulePath)\n']],
    helper: true,
  },
]
const HELPER = `
/** A route module of app/routes, its \`+\` folders included: not a component or \`*.server.ts\` kept beside it. */
function isRouteModulePath(file: string) {
  const folders = file.split('/').slice(0, -1).filter((d) => !d.endsWith('+'))
  if (folders.length === 0) return !/\\.server\\.tsx?$/.test(file)
  // Remix's own folder route: \`name/route.tsx\`, with its helpers beside it.
  return folders.length === 1 && /\\/route\\.tsx?$/.test(file)
}
`

function patchRouteWalkers(stats) {
  for (const { file, edits, helper } of ROUTE_WALKERS) {
    if (!exists(file)) continue
    let text = fs.readFileSync(abs(file), 'utf8')
    if (text.includes('isRouteModulePath') && !text.includes('readdirSync(ROUTES_DIR)\n') && !/readdirSync\((dir|routesDir)\)\n/.test(text)) continue
    for (const [from, to] of edits) {
      if (!from.test(text)) {
        problems.push(`${file}: could not find ${from} to read app/routes with its + folders; edit it by hand`)
        continue
      }
      text = text.replace(from, to)
    }
    if (helper && !text.includes('function isRouteModulePath')) {
      const lastImport = [...text.matchAll(/^import .*$/gm)].pop()
      const at = lastImport ? lastImport.index + lastImport[0].length + 1 : 0
      text = text.slice(0, at) + HELPER + text.slice(at)
    }
    stats.patched.push(file)
    if (!DRY) fs.writeFileSync(abs(file), text)
  }
}

// ─── Configs. ───────────────────────────────────────────────────────────────────────────────────
function patchConfigs(stats) {
  const remix = 'remix.config.js'
  let text = fs.readFileSync(abs(remix), 'utf8')
  if (!text.includes('flatRoutes')) {
    const from = / {2}ignoredRouteFiles: \[[^\]]*\],\n/
    if (!from.test(text)) problems.push(`${remix}: no ignoredRouteFiles line to replace; configure remix-flat-routes by hand`)
    else {
      text = text.replace(
        from,
        [
          "  // Remix's own convention reads nothing; remix-flat-routes reads app/routes with its `+` folders, where",
          '  // tests, `*.server.ts` helpers and components sit beside the routes that use them.',
          "  ignoredRouteFiles: ['**/*'],",
          '  routes: async (defineRoutes) =>',
          "    flatRoutes('routes', defineRoutes, {",
          "      ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.server.{ts,tsx}', '**/components/**', '**/README.md'],",
          '    }),',
          '',
        ].join('\n'),
      )
      text = text.replace(/^(\/\*\* @type)/m, "import { flatRoutes } from 'remix-flat-routes'\n\n$1")
      stats.patched.push(remix)
      if (!DRY) fs.writeFileSync(abs(remix), text)
    }
  }
  const vitest = 'other/vitest.config.ts'
  text = fs.readFileSync(abs(vitest), 'utf8')
  if (!text.includes("'server/**/*.test.ts'")) {
    const from = "'app/**/*.test.{ts,tsx}',"
    if (!text.includes(from)) problems.push(`${vitest}: no app/** include to extend with server/**; add it by hand`)
    else {
      text = text.replace(from, `${from} 'server/**/*.test.ts',`)
      stats.patched.push(vitest)
      if (!DRY) fs.writeFileSync(abs(vitest), text)
    }
  }
}

// package.json scripts and the Dockerfile name entries (esbuild's, tsx's) by their path.
function patchEntryNames(moves, stats) {
  for (const file of ['package.json', 'Dockerfile']) {
    if (!exists(file)) continue
    const text = fs.readFileSync(abs(file), 'utf8')
    let next = text
    for (const [from, to] of moves) next = next.replace(new RegExp(`(?<=[\\s"'=])${esc(from)}(?=[\\s"'])`, 'g'), to)
    if (next !== text) {
      stats.patched.push(file)
      fs.writeFileSync(abs(file), next)
    }
  }
}

// ─── The area entry files. ──────────────────────────────────────────────────────────────────────
function copyEntries(stats) {
  for (const place of [...AREAS, 'ui']) {
    const from = path.join(WINGS, `${place}.md`)
    const to = place === 'ui' ? 'app/ui/README.md' : `app/areas/${place}/README.md`
    if (!fs.existsSync(from)) {
      problems.push(`no entry text ${rel(from)} for ${to}`)
      continue
    }
    if (fs.existsSync(abs(path.posix.dirname(to))) || !DRY) {
      if (!DRY) {
        fs.mkdirSync(path.dirname(abs(to)), { recursive: true })
        fs.copyFileSync(from, abs(to))
      }
      stats.entries++
    }
  }
  const server = path.join(WINGS, 'server.md')
  if (fs.existsSync(server) && !DRY && fs.existsSync(abs('server'))) fs.copyFileSync(server, abs('server/README.md'))
}

// ─── The order check: which layer imports which. ────────────────────────────────────────────────
function layerOf(file) {
  if (file.startsWith('app/areas/')) return file.split('/')[2]
  if (file.startsWith('app/ui/')) return 'ui'
  if (file.startsWith('app/lib/') || file.startsWith('app/i18n/')) return 'lib'
  if (file.startsWith('app/routes/') || file.startsWith('app/enhancers/') || /^app\/(root|entry\.)/.test(file)) return 'routes'
  if (file.startsWith('server/') || file === 'server.ts') return 'server'
  return null
}
const LAYERS = ['lib', 'ui', ...AREAS, 'routes', 'server']

function checkOrder() {
  const files = [...walk('app'), ...walk('server'), 'server.ts'].filter((f) => SOURCE.test(f) && !TEST.test(f) && exists(f))
  const edges = new Map()
  const upward = []
  for (const file of files) {
    const from = layerOf(file)
    if (!from) continue
    const text = fs.readFileSync(abs(file), 'utf8')
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*(['"])([^'"]+)\1/g)) {
      const hit = resolveSpec(file, m[2])
      if (!hit) continue
      const to = layerOf(hit.file)
      if (!to || to === from) continue
      const key = `${from} → ${to}`
      edges.set(key, (edges.get(key) ?? 0) + 1)
      const known = LAYERS.includes(from) && LAYERS.includes(to)
      if (known && LAYERS.indexOf(to) > LAYERS.indexOf(from)) upward.push(`${file} imports ${hit.file} (${from} is below ${to})`)
      if (!known) notes.push(`${file}: layer ${from} or ${to} is not in the order`)
    }
  }
  return { edges, upward }
}

// ─── Run. ───────────────────────────────────────────────────────────────────────────────────────
function main() {
  if (CHECK_ONLY) {
    const { edges, upward } = checkOrder()
    report({ moves: new Map(), unplaced: [] }, null, edges, upward)
    process.exit(upward.length ? 1 : 0)
  }
  const { moves, unplaced } = planMoves()
  const stats = { specifiers: 0, paths: 0, routeIds: 0, routeNames: 0, flatNames: 0, unresolved: [], patched: [], entries: 0, rewritten: 0 }
  const renames = routeRenames(moves)

  // Every text file that may name a moved file, at its old place.
  const scanned = [
    ...walk('app'), ...walk('server'), ...walk('tests'), ...walk('other'), ...walk('prisma'),
    'server.ts', 'remix.config.js', 'prisma.config.ts', 'tailwind.config.ts', 'eslint.config.js',
  ].filter((f) => SOURCE.test(f) && exists(f) && !f.startsWith('other/scripts/move-to-wings'))
  const writes = []
  for (const oldFile of scanned) {
    const newFile = moves.get(oldFile) ?? oldFile
    const text = fs.readFileSync(abs(oldFile), 'utf8')
    let next = rewriteSource(text, oldFile, newFile, moves, stats)
    next = rewriteRouteIds(next, renames, stats)
    next = flattenNameMatches(next, newFile, stats)
    if (next !== text || newFile !== oldFile) writes.push([oldFile, newFile, next, next !== text])
  }
  // Files moved that are not source (none expected): carried as they are.
  for (const [from, to] of moves) if (!scanned.includes(from)) writes.push([from, to, fs.readFileSync(abs(from)), false])

  if (!DRY) {
    for (const [oldFile] of writes) if (moves.has(oldFile)) fs.rmSync(abs(oldFile))
    for (const [, newFile, content, changed] of writes) {
      fs.mkdirSync(path.dirname(abs(newFile)), { recursive: true })
      fs.writeFileSync(abs(newFile), content)
      if (changed) stats.rewritten++
    }
    for (const kind of ['lib/schemas', 'lib/server', 'components/ui', ...KIND_DIRS]) removeIfEmpty(`app/${kind}`)
    patchRouteWalkers(stats)
    patchConfigs(stats)
    patchEntryNames(moves, stats)
    copyEntries(stats)
  } else {
    patchRouteWalkers(stats)
  }
  const { edges, upward } = DRY ? { edges: new Map(), upward: [] } : checkOrder()
  problems.push(...stats.unresolved.map((u) => `import not followed: ${u}`))
  report({ moves, unplaced: unplaced.filter((f) => !moves.has(f)) }, stats, edges, upward)
  process.exit(problems.length || upward.length ? 1 : 0)
}

function removeIfEmpty(dir) {
  if (!fs.existsSync(abs(dir))) return
  for (const e of fs.readdirSync(abs(dir))) if (fs.statSync(abs(`${dir}/${e}`)).isDirectory()) removeIfEmpty(`${dir}/${e}`)
  if (fs.readdirSync(abs(dir)).length === 0) fs.rmdirSync(abs(dir))
}

function report({ moves, unplaced }, stats, edges, upward) {
  const count = new Map()
  for (const to of moves.values()) {
    const where = to.startsWith('app/areas/') ? to.split('/').slice(0, 3).join('/') : to.startsWith('app/routes/') ? to.split('/').slice(0, 3).join('/') : path.posix.dirname(to)
    count.set(where, (count.get(where) ?? 0) + 1)
  }
  const line = (s) => console.log(s)
  if (moves.size) {
    line(`${DRY ? 'would move' : 'moved'} ${moves.size} files:`)
    for (const [where, n] of [...count].sort()) line(`  ${String(n).padStart(4)}  ${where}`)
  }
  if (stats) {
    line(`rewrote ${stats.specifiers} import specifiers, ${stats.paths} source paths, ${stats.routeIds} route ids, ${stats.routeNames} route file names, ${stats.flatNames} route name matches in ${stats.rewritten} files`)
    if (stats.patched.length) line(`patched: ${stats.patched.join(', ')}`)
    if (stats.entries) line(`area entry files: ${stats.entries}`)
  }
  if (fs.existsSync(abs('app/routes'))) line(`app/routes lists ${fs.readdirSync(abs('app/routes')).length} entries`)
  if (edges.size) {
    line(`imports between layers (bottom first: ${LAYERS.join(' < ')}):`)
    for (const [k, n] of [...edges].sort((a, b) => LAYERS.indexOf(a[0].split(' ')[0]) - LAYERS.indexOf(b[0].split(' ')[0]) || a[0].localeCompare(b[0]))) line(`  ${k}  ${n}`)
  }
  if (upward.length) {
    line(`UPWARD imports (${upward.length}): an area importing one above it`)
    for (const u of upward) line(`  ${u}`)
  } else if (edges.size) line('no import runs upward')
  if (stayInLib.length) line(`${stayInLib.length} files stay in app/lib (shared, no area): ${stayInLib.map((f) => f.slice(8)).join(' ')}`)
  if (unplaced.length) {
    line(`left where they are (no rule places them): ${unplaced.length}`)
    for (const u of unplaced) line(`  ${u}`)
  }
  for (const n of [...new Set(notes)]) line(`note: ${n}`)
  if (problems.length) {
    line(`UNRESOLVED (${problems.length}):`)
    for (const p of problems) line(`  ${p}`)
  }
}

main()
