// Readable numbers per organisation (ORD-000123, INV-2026-0001), taken inside the caller's write
// transaction so two requests never get the same number.
import type { Prisma } from '@prisma/client'
import type { Sql } from '~/lib/sql.server'

export async function takeNextNumber(tx: Prisma.TransactionClient, orgId: string, name: string) {
  const row = await tx.sequence.upsert({
    where: { organisationId_name: { organisationId: orgId, name } },
    create: { organisationId: orgId, name, value: 1 },
    update: { value: { increment: 1 } },
  })
  return row.value
}

const orderNumber = (n: number) => `ORD-${String(n).padStart(6, '0')}`

export async function nextOrderNumber(tx: Prisma.TransactionClient, orgId: string) {
  return orderNumber(await takeNextNumber(tx, orgId, 'order'))
}

/** `count` consecutive order numbers at once, in a plain-SQL transaction (a group of requests written together). */
export function takeOrderNumbersIn(sql: Sql, orgId: string, count: number): string[] {
  const { value } = sql.one<{ value: number }>(
    "INSERT INTO Sequence (organisationId, name, value) VALUES (?, 'order', ?) ON CONFLICT (organisationId, name) DO UPDATE SET value = value + excluded.value RETURNING value",
    orgId,
    count,
  )!
  return Array.from({ length: count }, (_, i) => orderNumber(value - count + 1 + i))
}

export async function nextInvoiceNumber(tx: Prisma.TransactionClient, orgId: string, year: number) {
  return `INV-${year}-${String(await takeNextNumber(tx, orgId, `invoice-${year}`)).padStart(4, '0')}`
}
