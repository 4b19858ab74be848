// The property lists' reads: the Logistics screen's page of properties and their product counts, the
// QR codes screen's two pages and its counts, the dashboard's first step. Typed statements rather than
// the ORM, which costs ~1 ms of CPU a statement in its query compiler: the QR codes screen sent five
// on every view and Logistics three, a tenth of each view's time (decision 158).
import type { Property } from '@prisma/client'
import type { Selectable } from 'kysely'
import { tables, type Tables } from '~/lib/sql-builder.server'
import { listed } from '~/lib/sql-list.server'
import { readNow, storedDateOrNull } from '~/lib/sql.server'
import { CATALOG_PAGE_SIZE } from './catalog-page.schema'
import { inOrder, matcher, pageWindow, slicePage, type PageOf } from './catalog-page.server'

/** A property row as the ORM gives it: flags as booleans, dates as dates. */
function asProperty(row: Selectable<Tables['Property']>): Property {
  return {
    ...row,
    isActive: row.isActive === 1,
    qrCodeActive: row.qrCodeActive === 1,
    qrCodeGeneratedAt: storedDateOrNull(row.qrCodeGeneratedAt),
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  }
}

function propertiesOf(orgId: string, qrCodeActive: boolean | undefined) {
  const all = tables.selectFrom('Property').where('organisationId', '=', orgId)
  return qrCodeActive === undefined ? all : all.where('qrCodeActive', '=', qrCodeActive ? 1 : 0)
}

/**
 * One page of the organisation's properties, newest first (the Logistics and QR code screens);
 * `qrCodeActive` narrows to those with the QR code on or off. Without a search the page is read
 * through the (organisationId, createdAt) index; a search matches name or address as
 * listProperties does (beyond ASCII) over the names and addresses alone, then reads the page by id.
 * `/api/properties` keeps answering the whole list (listProperties).
 */
export async function pageProperties(
  orgId: string,
  query: { q?: string; page?: number; size?: number; qrCodeActive?: boolean } = {},
): Promise<PageOf<Property>> {
  const size = query.size ?? CATALOG_PAGE_SIZE
  const scope = propertiesOf(orgId, query.qrCodeActive)
  const newestFirst = scope.orderBy('createdAt', 'desc').orderBy('id', 'desc')
  const q = query.q?.trim() ?? ''
  return readNow((sql) => {
    if (q) {
      const matches = matcher(q)
      const brief = sql.all(newestFirst.select(['id', 'name', 'address']))
      const { shown, ...window } = slicePage(
        brief.filter((p) => matches(p.name, p.address)),
        query.page ?? 1,
        size,
      )
      const ids = shown.map((p) => p.id)
      return { ...window, rows: ids.length ? inOrder(ids, sql.all(scope.selectAll().where('id', 'in', listed(ids))).map(asProperty)) : [] }
    }
    const total = sql.one(scope.select((eb) => eb.fn.countAll<number>().as('n')))?.n ?? 0
    const window = pageWindow(total, query.page ?? 1, size)
    const rows = total ? sql.all(newestFirst.selectAll().limit(size).offset(window.offset)) : []
    return { ...window, total, rows: rows.map(asProperty) }
  })
}

/** How many of the organisation's properties have their QR code on, and how many there are. */
export async function qrCodeCounts(orgId: string) {
  const counts = await readNow((sql) =>
    sql.one(propertiesOf(orgId, undefined).select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number | null>('qrCodeActive').as('active')])),
  )
  return { active: counts?.active ?? 0, total: counts?.total ?? 0 }
}

/**
 * How many catalog products each of the organisation's properties stocks (or only those of
 * `propertyIds`, a page's), in one grouped count (none: absent).
 */
export async function assignedProductCounts(orgId: string, propertyIds?: string[]): Promise<Map<string, number>> {
  const assigned = tables
    .selectFrom('PropertyProduct')
    .select((eb) => ['propertyId', eb.fn.countAll<number>().as('n')])
    .where('organisationId', '=', orgId)
  const rows = await readNow((sql) => sql.all((propertyIds ? assigned.where('propertyId', 'in', listed(propertyIds)) : assigned).groupBy('propertyId')))
  return new Map(rows.map((row) => [row.propertyId, row.n]))
}
