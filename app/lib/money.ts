// Money in integer cents. Prices arrive as text ("$12.50", "1,299.99") and tax rates as decimal
// percent text ("8.875"); floats would turn 19.99 × 7 × 8.875% into 12.418… off by a cent now and then,
// so every step is done on integers (BigInt where a product may outgrow 2^53).

/** The spec's rule (§2.11): strip everything but digits and the point, then read the decimal. */
function cleanDecimal(text: string | number | null | undefined): string | null {
  if (text === null || text === undefined) return null
  const stripped = String(text).replace(/[^0-9.]/g, '')
  const match = /^(-?)(\d*)(?:\.(\d*))?/.exec(stripped)
  if (!match || (!match[2] && !match[3])) return null
  const [, sign, whole = '', fraction = ''] = match
  return `${sign}${whole || '0'}.${fraction}`
}

/** A decimal string as an exact fraction: numerator / 10^scale. */
function toFraction(decimal: string): { num: bigint; scale: number } {
  const negative = decimal.startsWith('-')
  const [whole = '0', fraction = ''] = decimal.replace('-', '').split('.')
  const num = BigInt(`${whole}${fraction}` || '0')
  return { num: negative ? -num : num, scale: fraction.length }
}

/** num / den rounded half-up (away from zero at exactly half), as accountants expect. */
function divideHalfUp(num: bigint, den: bigint): bigint {
  const negative = num < 0n !== den < 0n
  const n = num < 0n ? -num : num
  const d = den < 0n ? -den : den
  const q = (2n * n + d) / (2n * d)
  return negative ? -q : q
}

/** "$12.50" → 1250; "$0.105" → 11 (half-up); anything unparseable → 0, which shows as $0.00. */
export function parseCents(text: string | number | null | undefined): number {
  const decimal = cleanDecimal(text)
  if (decimal === null) return 0
  const { num, scale } = toFraction(decimal)
  return Number(divideHalfUp(num * 100n, 10n ** BigInt(scale)))
}

/** A quantity or rate as normalised decimal text ("08.50" → "8.5"), or null when it is not a number. */
export function normaliseDecimal(text: string | number | null | undefined): string | null {
  const decimal = cleanDecimal(text)
  if (decimal === null) return null
  const [whole = '0', fraction = ''] = decimal.split('.')
  const w = whole.replace(/^(-?)0+(?=\d)/, '$1')
  const f = fraction.replace(/0+$/, '')
  const out = f ? `${w}.${f}` : w
  return out === '-0' ? '0' : out
}

/** unit price × quantity (a decimal string such as "3" or "1.5"), rounded half-up to the cent. */
export function lineTotalCents(unitCents: number, quantity: string): number {
  const { num, scale } = toFraction(normaliseDecimal(quantity) ?? '0')
  return Number(divideHalfUp(BigInt(unitCents) * num, 10n ** BigInt(scale)))
}

/** subtotal × rate%, rounded half-up to the cent: 13993 × 8.875% = 1241.88… → 1242. */
export function taxCents(subtotalCents: number, ratePercent: string): number {
  const { num, scale } = toFraction(normaliseDecimal(ratePercent) ?? '0')
  return Number(divideHalfUp(BigInt(subtotalCents) * num, 100n * 10n ** BigInt(scale)))
}

/** The invoice's three amounts from its lines, by the one rule: total = subtotal + tax. */
export function invoiceTotals(lineCents: number[], ratePercent: string) {
  const subtotalCents = lineCents.reduce((sum, c) => sum + c, 0)
  const taxAmountCents = taxCents(subtotalCents, ratePercent)
  return { subtotalCents, taxAmountCents, totalAmountCents: subtotalCents + taxAmountCents }
}

/** 1234 → "12.34", the /api form of an amount. */
export function centsToDecimal(cents: number): string {
  const negative = cents < 0
  const abs = Math.abs(Math.trunc(cents))
  return `${negative ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** 1234 → "$12.34" (US dollars, spec §9). */
export function formatCents(cents: number): string {
  return usd.format(cents / 100)
}

/** Any amount text to US dollars by the §2.11 rule: "12.34" → "$12.34", "abc" → "$0.00". */
export function formatMoney(text: string | number | null | undefined): string {
  return formatCents(parseCents(text))
}

/**
 * A comma followed by one or two digits at the end is a decimal comma ("12,50", "€ 1.234,50"); a comma
 * before three digits separates thousands ("1,299", "$1,299.99") and is left for the §2.11 rule.
 */
function withDecimalPoint(text: string): string {
  const comma = /,(\d{1,2})\D*$/.exec(text)
  if (!comma || text.lastIndexOf('.') > comma.index) return text
  return `${text.slice(0, comma.index).replace(/\./g, '')}.${text.slice(comma.index + 1)}`
}

/**
 * A product price as a manager typed it ("12.5", "$12.50", "12,50") in the one form the catalogue
 * stores and shows: "$12.50". Null when the text holds no amount.
 */
export function priceText(typed: string): string | null {
  const decimal = cleanDecimal(withDecimalPoint(typed))
  if (decimal === null) return null
  return formatCents(parseCents(decimal))
}
