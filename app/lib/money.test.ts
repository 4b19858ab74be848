import { describe, expect, test } from 'vitest'
import { centsToDecimal, formatMoney, invoiceTotals, lineTotalCents, parseCents, priceText, taxCents } from './money'

describe('money', () => {
  test('currency text is read by stripping non-numeric characters; nonsense is $0.00', () => {
    expect(parseCents('$12.50')).toBe(1250)
    expect(parseCents('$1,299.99')).toBe(129999)
    expect(parseCents('USD 7')).toBe(700)
    expect(parseCents('0.105')).toBe(11)
    expect(parseCents('call us')).toBe(0)
    expect(parseCents(null)).toBe(0)
    expect(formatMoney('abc')).toBe('$0.00')
    expect(formatMoney('1234.5')).toBe('$1,234.50')
  })

  test('$0.10 × 3 is exactly $0.30, where floats give 0.30000000000000004', () => {
    expect(lineTotalCents(parseCents('$0.10'), '3')).toBe(30)
    expect(invoiceTotals([30], '0')).toEqual({ subtotalCents: 30, taxAmountCents: 0, totalAmountCents: 30 })
  })

  test('$19.99 × 7 at 8.875%: tax 1241.87… cents rounds half-up to $12.42', () => {
    const line = lineTotalCents(parseCents('$19.99'), '7')
    expect(line).toBe(13993)
    expect(invoiceTotals([line], '8.875')).toEqual({ subtotalCents: 13993, taxAmountCents: 1242, totalAmountCents: 15235 })
  })

  test('exactly half a cent rounds up', () => {
    expect(taxCents(50, '1')).toBe(1) // 0.5 cents
    expect(taxCents(49, '1')).toBe(0)
    expect(taxCents(1000, '8.875')).toBe(89) // 88.75
    expect(lineTotalCents(333, '1.5')).toBe(500) // 499.5
  })

  test('amounts leave the API as decimal text', () => {
    expect(centsToDecimal(15235)).toBe('152.35')
    expect(centsToDecimal(5)).toBe('0.05')
    expect(centsToDecimal(0)).toBe('0.00')
  })

  test('a price typed with or without a currency sign, or with a decimal comma, is kept as dollars and cents', () => {
    expect(priceText('12.5')).toBe('$12.50')
    expect(priceText('$12.50')).toBe('$12.50')
    expect(priceText('12')).toBe('$12.00')
    expect(priceText('12,50')).toBe('$12.50')
    expect(priceText('12,5 €')).toBe('$12.50')
    expect(priceText('€ 1.234,50')).toBe('$1,234.50')
    // A comma before three digits separates thousands, as the §2.11 rule reads it.
    expect(priceText('1,299')).toBe('$1,299.00')
    expect(priceText('$1,299.99')).toBe('$1,299.99')
    expect(priceText('USD 7')).toBe('$7.00')
    expect(priceText('free')).toBeNull()
  })
})
