// Every outside service, mocked in one place. The app server starts this under MOCKS=true;
// Vitest starts it for every test file.
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { SetupServerApi } from 'msw/node'
import { authHandlers } from './auth'
import { storageHandlers } from './storage'
import { geocodeHandlers } from './geocode'
import { smsHandlers } from './sms'

export const handlers = [...authHandlers, ...geocodeHandlers, ...storageHandlers, ...smsHandlers]

let server: SetupServerApi | undefined

export function startMocks() {
  if (server) return server
  // Only fetch is intercepted: every outside service we call (sign-in, geocoding, SMS, the bucket)
  // is called with fetch. msw's default set also intercepts node:http clients, and to do so wraps
  // the global Headers, Request and Response in proxies that note each header, so every page and
  // answer the mocked server made paid for it: the bench and the browser tests run that server
  // (decision 155).
  server = new SetupServerApi(handlers, [new FetchInterceptor()])
  // Requests to our own server and anything not mocked pass through untouched.
  server.listen({ onUnhandledRequest: 'bypass' })
  return server
}

export function stopMocks() {
  server?.close()
  server = undefined
}
