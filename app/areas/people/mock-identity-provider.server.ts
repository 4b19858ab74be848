// The identity provider a machine without one signs in through (MOCKS=true), answered on this
// machine by tests/mocks/auth.ts. A file of its own because every test file starts the mocks: read
// from auth.server.ts, these two constants cost each file the whole sign-in stack's import (0.8 s).
export const MOCK_ISSUER = 'https://idp.mock.stockrun.test'
export const MOCK_CLIENT = { id: 'stockrun-local', secret: 'stockrun-local-secret' }
