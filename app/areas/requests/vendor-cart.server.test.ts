import { describe, expect, test } from 'vitest'
import { MAX_CART_LINES, changeCart, keepOffered, type Cart } from './vendor-cart.server'

const empty: Cart = { propertyId: 'p', lines: [], sent: null }

describe('a press on a cart button', () => {
  test('adds a product once, then counts up to 2 and no further', () => {
    let cart = changeCart(empty, 'add', 'soap').cart
    expect(cart.lines).toEqual([{ productId: 'soap', quantity: 1 }])
    cart = changeCart(cart, 'add', 'soap').cart
    cart = changeCart(cart, 'increase', 'soap').cart
    expect(cart.lines).toEqual([{ productId: 'soap', quantity: 2 }])
  })

  test('removes a product decreased to 0, or removed outright', () => {
    let cart = changeCart(changeCart(empty, 'add', 'soap').cart, 'add', 'bags').cart
    cart = changeCart(cart, 'decrease', 'soap').cart
    expect(cart.lines).toEqual([{ productId: 'bags', quantity: 1 }])
    expect(changeCart(cart, 'remove', 'bags').cart.lines).toEqual([])
  })

  test('clears the last sent request, and stops at a cart the cookie can still hold', () => {
    const sent = { ...empty, sent: { orderNumber: 'ORD-000001', trackingToken: 't', vendorName: 'V' } }
    expect(changeCart(sent, 'add', 'x').cart.sent).toBeNull()
    const full: Cart = { ...empty, lines: Array.from({ length: MAX_CART_LINES }, (_, i) => ({ productId: `p${i}`, quantity: 1 })) }
    const result = changeCart(full, 'add', 'one-more')
    expect(result.full).toBe(true)
    expect(result.cart.lines).toHaveLength(MAX_CART_LINES)
  })

  test('keeps only products still offered', () => {
    const cart = { ...empty, lines: [{ productId: 'a', quantity: 1 }, { productId: 'b', quantity: 2 }] }
    expect(keepOffered(cart, new Set(['b'])).lines).toEqual([{ productId: 'b', quantity: 2 }])
  })
})
