// A vendor's cart lives in a signed cookie: vendors have no account, phones without JavaScript need
// it to survive every form post, and it costs the database nothing until the request is sent.
// The same cookie carries the last request sent, for the success screen after the redirect; a second
// cookie marks a visit, so a scan is counted once however many pages the vendor opens.
import { signedCookie } from '~/lib/cookies.server'
import { type Cookie } from '@remix-run/node'
import { z } from 'zod'
import { VENDOR_MAX_QUANTITY } from './request-intake.server'
import { countScan } from '~/areas/catalogue/scan.server'

/** A cookie holds about 4 KB; this many lines stay well under it and above any property's shelf. */
export const MAX_CART_LINES = 40

export type CartLine = { productId: string; quantity: number }
export type SentRequest = { orderNumber: string; trackingToken: string; vendorName: string }
/**
 * What the vendor typed on the finalize step, kept when the request is refused (a missing answer, a
 * photo that is not one), so the form comes back filled in, with each problem's code by field name.
 * Photos already accepted are kept by address: a file input cannot be filled in again.
 */
export type Draft = {
  vendorName: string
  urgent: boolean
  neededBy: string
  answers: Record<string, string>
  photos: Array<{ imageUrl: string; thumbnailUrl: string }>
  problems: Record<string, string>
}

const CartSchema = z.object({
  p: z.string(),
  l: z.array(z.tuple([z.string(), z.number().int()])).max(MAX_CART_LINES),
  s: z.object({ o: z.string(), t: z.string(), n: z.string() }).optional(),
  d: z
    .object({
      n: z.string(),
      u: z.boolean(),
      b: z.string(),
      a: z.record(z.string(), z.string()),
      ph: z.array(z.tuple([z.string(), z.string()])).max(3),
      e: z.record(z.string(), z.string()),
    })
    .optional(),
})
type StoredCart = z.infer<typeof CartSchema>

export type Cart = { propertyId: string; lines: CartLine[]; sent: SentRequest | null; draft?: Draft | null }

/** A cookie holds about 4 KB: long typed answers are cut so the cart itself always fits. */
const DRAFT_TEXT = 300

let cookie: Cookie | undefined
function cartCookie() {
  // A half-filled cart waits for the vendor through a long shift, not for ever.
  cookie ??= signedCookie('vendor_cart', 24 * 60 * 60)
  return cookie
}

/** The cart for this property; a cart started at another property, or a tampered cookie, is empty. */
export async function readCart(request: Request, propertyId: string): Promise<Cart> {
  const parsed = CartSchema.safeParse(await cartCookie().parse(request.headers.get('Cookie')))
  if (!parsed.success || parsed.data.p !== propertyId) return { propertyId, lines: [], sent: null }
  return {
    propertyId,
    lines: parsed.data.l.map(([productId, quantity]) => ({ productId, quantity: clamp(quantity) })),
    sent: parsed.data.s ? { orderNumber: parsed.data.s.o, trackingToken: parsed.data.s.t, vendorName: parsed.data.s.n } : null,
    draft: parsed.data.d
      ? {
          vendorName: parsed.data.d.n,
          urgent: parsed.data.d.u,
          neededBy: parsed.data.d.b,
          answers: parsed.data.d.a,
          photos: parsed.data.d.ph.map(([imageUrl, thumbnailUrl]) => ({ imageUrl, thumbnailUrl })),
          problems: parsed.data.d.e,
        }
      : null,
  }
}

export function saveCart(cart: Cart): Promise<string> {
  const stored: StoredCart = { p: cart.propertyId, l: cart.lines.map((line) => [line.productId, line.quantity]) }
  if (cart.sent) stored.s = { o: cart.sent.orderNumber, t: cart.sent.trackingToken, n: cart.sent.vendorName }
  if (cart.draft) {
    const d = cart.draft
    stored.d = {
      n: d.vendorName.slice(0, 120),
      u: d.urgent,
      b: d.neededBy.slice(0, 20),
      a: Object.fromEntries(Object.entries(d.answers).slice(0, 10).map(([k, v]) => [k.slice(0, 32), v.slice(0, DRAFT_TEXT)])),
      ph: d.photos.slice(0, 3).map((p) => [p.imageUrl, p.thumbnailUrl]),
      e: d.problems,
    }
  }
  return cartCookie().serialize(stored)
}

function clamp(quantity: number) {
  return Math.max(1, Math.min(VENDOR_MAX_QUANTITY, quantity))
}

export type CartChange = 'add' | 'increase' | 'decrease' | 'remove'

/**
 * Applies one button press. Adding a product already in the cart counts as one more; quantities
 * stop at the vendor maximum; decreasing to 0 removes the line. A change clears the last-sent
 * request, so the success screen belongs only to the moment after sending.
 */
export function changeCart(cart: Cart, change: CartChange, productId: string): { cart: Cart; full: boolean } {
  const lines = cart.lines.map((line) => ({ ...line }))
  const index = lines.findIndex((line) => line.productId === productId)
  const line = index >= 0 ? lines[index] : undefined
  let full = false
  if (change === 'add' || change === 'increase') {
    if (line) line.quantity = clamp(line.quantity + 1)
    else if (lines.length >= MAX_CART_LINES) full = true
    else lines.push({ productId, quantity: 1 })
  } else if (line && (change === 'remove' || line.quantity <= 1)) {
    lines.splice(index, 1)
  } else if (line) {
    line.quantity -= 1
  }
  return { cart: { propertyId: cart.propertyId, lines, sent: null, draft: cart.draft }, full }
}

/** Keeps only lines for products the property still offers (a product may be switched off meanwhile). */
export function keepOffered(cart: Cart, offeredIds: Set<string>): Cart {
  return { ...cart, lines: cart.lines.filter((line) => offeredIds.has(line.productId)) }
}

let visit: Cookie | undefined
function visitCookie() {
  // Analytics' usual visit: thirty minutes. Scanning the same code again within it is the same visit.
  visit ??= signedCookie('vendor_visit', 30 * 60)
  return visit
}

/** Whether this browser has not yet been counted as scanning this property's code in this visit. */
export async function isNewVisit(request: Request, propertyId: string) {
  return (await visitCookie().parse(request.headers.get('Cookie'))) !== propertyId
}

export function visitHeader(propertyId: string) {
  return visitCookie().serialize(propertyId)
}

/**
 * Counts the scan on the first page of a visit, for phones that will never run the page's script.
 * Counting writes nothing here: the scan waits in this machine's memory until the primary stores it,
 * so any machine, a read-only replica too, can serve the vendor page.
 */
export async function countScanOncePerVisit(request: Request, propertyId: string, headers: Headers) {
  if (!(await isNewVisit(request, propertyId))) return
  countScan(propertyId)
  headers.append('Set-Cookie', await visitHeader(propertyId))
}
