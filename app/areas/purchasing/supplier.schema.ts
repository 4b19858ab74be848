// A supplier as the Suppliers page's form and /api/suppliers take it.
import { z } from 'zod'
import { optionalText, requiredText } from '~/lib/common.schema'

export const SUPPLIER_NAME_REQUIRED = "Enter the supplier's name"
export const SUPPLIER_EMAIL_INVALID = 'Enter a valid e-mail address, e.g. orders@supplier.com'
export const SUPPLIER_PHONE_INVALID = 'Enter a phone number: digits, spaces and + ( ) - only'
export const LEAD_TIME_INVALID = 'Enter the lead time as whole days, 0 to 365'

const email = optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, SUPPLIER_EMAIL_INVALID)
const phone = optionalText(40).refine((v) => v === null || /^[0-9+()\-\s.]{3,40}$/.test(v), SUPPLIER_PHONE_INVALID)
// A form sends the days as text ("" when left empty: no lead time, same day).
const leadTimeDays = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
  z.number({ error: LEAD_TIME_INVALID }).int(LEAD_TIME_INVALID).min(0, LEAD_TIME_INVALID).max(365, LEAD_TIME_INVALID),
)

export const SupplierInput = z.object({
  name: requiredText(SUPPLIER_NAME_REQUIRED, 200),
  email,
  phone,
  leadTimeDays,
})
export type SupplierFields = z.output<typeof SupplierInput>
