// Readable numbers per organisation (ORD-000123, INV-2026-0001), taken inside the caller's write
// transaction so two requests never get the same number.
import type { Prisma } from '@prisma/client'

export async function takeNextNumber(tx: Prisma.TransactionClient, orgId: string, name: string) {
  const row = await tx.sequence.upsert({
    where: { organisationId_name: { organisationId: orgId, name } },
    create: { organisationId: orgId, name, value: 1 },
    update: { value: { increment: 1 } },
  })
  return row.value
}

export async function nextOrderNumber(tx: Prisma.TransactionClient, orgId: string) {
  return `ORD-${String(await takeNextNumber(tx, orgId, 'order')).padStart(6, '0')}`
}

export async function nextInvoiceNumber(tx: Prisma.TransactionClient, orgId: string, year: number) {
  return `INV-${year}-${String(await takeNextNumber(tx, orgId, `invoice-${year}`)).padStart(4, '0')}`
}
