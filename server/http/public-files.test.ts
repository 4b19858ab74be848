// The files in public/ are served with their cache lifetime; anything else goes on to the app
// without touching the disk first.
import { describe, expect, test } from 'vitest'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer()

describe('public files', () => {
  test('the favicon and the notification sound are served, cached for an hour', async () => {
    const c = app.client()
    const icon = await c.get('/favicon.png')
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toContain('image/png')
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600')
    const sound = await c.get('/sounds/notification.wav')
    expect(sound.status).toBe(200)
    expect((await sound.arrayBuffer()).byteLength).toBeGreaterThan(1000)
  })

  test('a path beside them is the app’s, and nothing outside public/ is reachable', async () => {
    const c = app.client()
    expect((await c.get('/favicon.png.bak')).status).toBe(404)
    expect((await c.get('/sounds/missing.wav')).status).toBe(404)
    expect((await c.get('/sounds/..%2f..%2fpackage.json')).status).toBe(404)
    expect((await c.get('/healthcheck')).status).toBe(200)
  })
})
