// The organisation's suppliers: who a product is bought from, how to reach them, how long they take.
import { tables } from '~/lib/sql-builder.server'
import { readNow, writeTogether } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
import { Invalid, NotFound } from '~/lib/errors'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import type { SupplierFields } from './supplier.schema'

export type SupplierView = { id: string; name: string; email: string | null; phone: string | null; leadTimeDays: number; createdAt: string; updatedAt: string }

const COLUMNS = ['id', 'name', 'email', 'phone', 'leadTimeDays', 'createdAt', 'updatedAt'] as const

export async function listSuppliers(orgId: string): Promise<SupplierView[]> {
  return readNow((sql) => sql.all(tables.selectFrom('Supplier').select(COLUMNS).where('organisationId', '=', orgId).orderBy('name').orderBy('id')))
}

/** Another organisation's supplier is as missing as one that never was. */
export async function findSupplier(orgId: string, id: string): Promise<SupplierView> {
  const found = await readNow((sql) => sql.one(tables.selectFrom('Supplier').select(COLUMNS).where('organisationId', '=', orgId).where('id', '=', id)))
  if (!found) throw new NotFound('Supplier not found')
  return found
}

export async function createSupplier(orgId: string, fields: SupplierFields): Promise<SupplierView> {
  const at = new Date()
  const id = newRowId()
  await writeTogether((sql) => sql.run(tables.insertInto('Supplier').values({ id, organisationId: orgId, ...fields, createdAt: at, updatedAt: at })))
  await recordAudit({ orgId, action: 'supplier.created', target: { type: 'supplier', id }, details: { name: fields.name } })
  return findSupplier(orgId, id)
}

export async function updateSupplier(orgId: string, id: string, fields: SupplierFields): Promise<SupplierView> {
  const changed = await writeTogether(
    (sql) => sql.run(tables.updateTable('Supplier').set({ ...fields, updatedAt: new Date() }).where('organisationId', '=', orgId).where('id', '=', id)).changes,
  )
  if (!changed) throw new NotFound('Supplier not found')
  await recordAudit({ orgId, action: 'supplier.updated', target: { type: 'supplier', id }, details: { name: fields.name } })
  return findSupplier(orgId, id)
}

/** A product's supplier as a form or /api/products names it: the organisation's, or a field error. */
export async function checkProductSupplier(orgId: string, supplierId: string | null | undefined): Promise<void> {
  if (!supplierId) return
  const found = await readNow((sql) => sql.one(tables.selectFrom('Supplier').select('id').where('organisationId', '=', orgId).where('id', '=', supplierId)))
  if (!found) throw new Invalid('No such supplier', { supplierId: ['No such supplier'] })
}
