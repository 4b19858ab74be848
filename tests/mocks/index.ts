// Every outside service, mocked in one place. The app server starts this under MOCKS=true;
// Vitest starts it for every test file.
import { setupServer } from 'msw/node'
import { authHandlers } from './auth'
import { storageHandlers } from './storage'
import { geocodeHandlers } from './geocode'
import { smsHandlers } from './sms'

export const handlers = [...authHandlers, ...geocodeHandlers, ...storageHandlers, ...smsHandlers]

let server: ReturnType<typeof setupServer> | undefined

export function startMocks() {
  if (server) return server
  server = setupServer(...handlers)
  // Requests to our own server and anything not mocked pass through untouched.
  server.listen({ onUnhandledRequest: 'bypass' })
  return server
}

export function stopMocks() {
  server?.close()
  server = undefined
}
