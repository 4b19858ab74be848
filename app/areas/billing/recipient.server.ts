// Saved recipients: every invoice remembers who it went to (one per organisation and e-mail), so the
// next invoice to the same person can be prefilled.
import type { Prisma } from '@prisma/client'
import { db } from '~/lib/db.server'

export type RecipientView = {
  id: string
  name: string
  email: string
  phone: string | null
  company: string | null
  address: string | null
  isActive: boolean
  createdAt: Date
  updatedAt: Date
}

const select = { id: true, name: true, email: true, phone: true, company: true, address: true, isActive: true, createdAt: true, updatedAt: true } as const

export function listRecipients(orgId: string): Promise<RecipientView[]> {
  return db.recipient.findMany({ where: { organisationId: orgId, isActive: true }, select, orderBy: [{ name: 'asc' }, { email: 'asc' }] })
}

/** Inside the invoice's transaction; newer details win, and a blank field never erases a known one. */
export async function rememberRecipient(
  tx: Prisma.TransactionClient,
  orgId: string,
  r: { name: string; email: string; phone?: string | null; address?: string | null },
) {
  const email = r.email.trim().toLowerCase()
  await tx.recipient.upsert({
    where: { organisationId_email: { organisationId: orgId, email } },
    create: { organisationId: orgId, email, name: r.name, phone: r.phone ?? null, address: r.address ?? null },
    update: { name: r.name, isActive: true, ...(r.phone ? { phone: r.phone } : {}), ...(r.address ? { address: r.address } : {}) },
  })
}
