import { expect, test } from 'vitest'
import { hashToken, newToken, tokenMatches } from './tokens.server'

test('a token matches only its own stored hash', () => {
  const token = newToken()
  const stored = hashToken(token)
  expect(stored).not.toContain(token)
  expect(tokenMatches(token, stored)).toBe(true)
  expect(tokenMatches(newToken(), stored)).toBe(false)
  expect(tokenMatches('', stored)).toBe(false)
  expect(tokenMatches(token, null)).toBe(false)
})

test('tokens carry at least 128 random bits and do not repeat', () => {
  const tokens = new Set(Array.from({ length: 1000 }, newToken))
  expect(tokens.size).toBe(1000)
  expect(Buffer.from([...tokens][0]!, 'base64url').length).toBeGreaterThanOrEqual(16)
})
