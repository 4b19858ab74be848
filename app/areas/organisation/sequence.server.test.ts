import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { nextInvoiceNumber, nextOrderNumber } from './sequence.server'

test('order numbers are readable, sequential per organisation, and never repeat under concurrency', async () => {
  const [a, b] = await Promise.all([db.organisation.create({ data: { name: 'A' } }), db.organisation.create({ data: { name: 'B' } })])
  const numbers = await Promise.all(Array.from({ length: 20 }, () => db.$transaction((tx) => nextOrderNumber(tx, a.id))))
  expect(new Set(numbers).size).toBe(20)
  expect(numbers.sort()[0]).toBe('ORD-000001')
  expect(numbers.sort()[19]).toBe('ORD-000020')
  expect(await db.$transaction((tx) => nextOrderNumber(tx, b.id))).toBe('ORD-000001')
  expect(await db.$transaction((tx) => nextInvoiceNumber(tx, a.id, 2026))).toBe('INV-2026-0001')
  expect(await db.$transaction((tx) => nextInvoiceNumber(tx, a.id, 2027))).toBe('INV-2027-0001')
})
