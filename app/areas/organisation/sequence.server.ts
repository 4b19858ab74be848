// Readable numbers per organisation (ORD-000123, INV-2026-0001), taken inside the caller's write
// transaction so two requests never get the same number.
import type { Prisma } from '@prisma/client'
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { sqlWithin, type Sql } from '~/lib/sql.server'

/** The next number of the sequence `name`, inside the caller's ORM transaction (its kept statement is part of it). */
export async function takeNextNumber(tx: Prisma.TransactionClient, orgId: string, name: string) {
  return takeNumbersIn(await sqlWithin(tx), orgId, name, 1)
}

/** Moves the sequence on by `count` and answers its new value (the last number taken). */
function takeNumbersIn(sql: Sql, orgId: string, name: string, count: number) {
  return sql.one(moveOn({ orgId, name, count }))!.value
}

// Compiled once (decision 125): every group of requests takes its numbers.
const moveOn = compiledOnce((p: { orgId: string; name: string; count: number }) =>
  tables
    .insertInto('Sequence')
    .values({ organisationId: p.orgId, name: p.name, value: p.count })
    .onConflict((conflict) => conflict.columns(['organisationId', 'name']).doUpdateSet((eb) => ({ value: eb(eb.ref('Sequence.value'), '+', eb.ref('excluded.value')) })))
    .returning('value'),
)

const orderNumber = (n: number) => `ORD-${String(n).padStart(6, '0')}`

export async function nextOrderNumber(tx: Prisma.TransactionClient, orgId: string) {
  return orderNumber(await takeNextNumber(tx, orgId, 'order'))
}

/** `count` consecutive order numbers at once, in a plain-SQL transaction (a group of requests written together). */
export function takeOrderNumbersIn(sql: Sql, orgId: string, count: number): string[] {
  const value = takeNumbersIn(sql, orgId, 'order', count)
  return Array.from({ length: count }, (_, i) => orderNumber(value - count + 1 + i))
}

export async function nextInvoiceNumber(tx: Prisma.TransactionClient, orgId: string, year: number) {
  return `INV-${year}-${String(await takeNextNumber(tx, orgId, `invoice-${year}`)).padStart(4, '0')}`
}

/** A purchase order's number (PO-2026-0001), counted per organisation and year, inside the caller's plain-SQL transaction. */
export function takePurchaseOrderNumberIn(sql: Sql, orgId: string, year: number) {
  return `PO-${year}-${String(takeNumbersIn(sql, orgId, `purchase-order-${year}`, 1)).padStart(4, '0')}`
}
