// Which vendor pages are kept, and a page made the same for everyone who asks for it.
import crypto from 'node:crypto'
import { expect, test } from 'vitest'
import { keptPageFor, sameForEveryone } from './page-cache'

test('only a GET of a vendor page with nothing but its language and visit cookies has a kept page', () => {
  expect(keptPageFor('GET', '/vendor/p1/request?lang=en', 'vendor_lang=en; vendor_visit=1')).toMatchObject({ propertyId: 'p1' })
  expect(keptPageFor('GET', '/vendor/p1', undefined)).toMatchObject({ propertyId: 'p1' })
  expect(keptPageFor('HEAD', '/vendor/p1/request', undefined)).toBeNull()
  expect(keptPageFor('GET', '/vendor/p1/request?lang=en&step=finalize', undefined)).toBeNull()
  expect(keptPageFor('GET', '/vendor/p1/request', 'vendor_cart=abc')).toBeNull()
  expect(keptPageFor('GET', '/vendor/p1/track', undefined)).toBeNull()
})

test('the nonce comes off the inline scripts and the policy names their hashes instead; a page using the nonce elsewhere is not kept', () => {
  const csp = "default-src 'self';script-src 'self' 'nonce-abc+/=' https://maps.googleapis.com;object-src 'none'"
  const html = '<html><head><script nonce="abc+/=">one()</script></head><body><script src="/x.js" nonce="abc+/="></script><script nonce="abc+/=">two()</script><script nonce="abc+/=">one()</script></body></html>'
  const kept = sameForEveryone(html, 'abc+/=', csp)!
  expect(kept.page).toBe('<html><head><script>one()</script></head><body><script src="/x.js"></script><script>two()</script><script>one()</script></body></html>')
  const hash = (source: string) => `'sha256-${crypto.createHash('sha256').update(source).digest('base64')}'`
  expect(kept.policy).toBe(`default-src 'self';script-src 'self' ${hash('one()')} ${hash('two()')} https://maps.googleapis.com;object-src 'none'`)
  expect(sameForEveryone(`${html}<p data-n="abc+/="></p>`, 'abc+/=', csp)).toBeNull()
})
