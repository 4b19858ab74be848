import { expect, test } from 'vitest'
import { intentHandler } from './intents'

const page = { create: () => 'created', 'qr-activate': () => 'activated' }

test("a posted intent finds the page's task of that name", () => {
  expect(intentHandler(page, 'create')?.()).toBe('created')
  expect(intentHandler(page, 'qr-activate')?.()).toBe('activated')
})

test("a name the page does not own is unknown, Object.prototype's included, as are a file and no intent", () => {
  for (const name of ['nope', 'constructor', 'toString', '__proto__', 'hasOwnProperty', '']) expect(intentHandler(page, name)).toBeUndefined()
  expect(intentHandler(page, null)).toBeUndefined()
  expect(intentHandler(page, new File(['create'], 'create'))).toBeUndefined()
})
