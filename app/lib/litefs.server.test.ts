import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { currentRole, forgetRole, waitForPosition } from './litefs.server'

const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'litefs-'))

afterEach(() => {
  vi.unstubAllEnvs()
  forgetRole()
})

describe('knowing whether this machine may write', () => {
  test('without LiteFS the process is the primary (local development)', () => {
    vi.stubEnv('LITEFS_DIR', '')
    expect(currentRole().kind).toBe('primary')
  })

  test('follows .primary as the lease moves, within a fraction of a second, without a restart', () => {
    const litefs = dir()
    vi.stubEnv('LITEFS_DIR', litefs)
    vi.stubEnv('LITEFS_INSTANCE', 'machine-a')
    const t = Date.now()
    expect(currentRole(t)).toMatchObject({ kind: 'primary', instance: 'machine-a' })
    fs.writeFileSync(path.join(litefs, '.primary'), 'machine-b\n')
    // Cached briefly: the hot path does not read the file on every request.
    expect(currentRole(t + 10).kind).toBe('primary')
    expect(currentRole(t + 1000)).toEqual({ kind: 'replica', instance: 'machine-a', primary: 'machine-b' })
    fs.rmSync(path.join(litefs, '.primary'))
    expect(currentRole(t + 2000).kind).toBe('primary')
  })

  test('a machine that can never hold the lease, with no .primary, knows no primary', () => {
    vi.stubEnv('LITEFS_DIR', dir())
    vi.stubEnv('FLY_REGION', 'syd')
    vi.stubEnv('PRIMARY_REGION', 'ewr')
    vi.stubEnv('LITEFS_CANDIDATE', '')
    expect(currentRole().kind).toBe('no-primary')
  })

  test('waits until the replica has applied a browser’s last write, and gives up after the timeout', async () => {
    const litefs = dir()
    vi.stubEnv('LITEFS_DIR', litefs)
    vi.stubEnv('DATABASE_URL', 'file:/litefs/data.db')
    fs.writeFileSync(path.join(litefs, 'data.db-pos'), '0000000000000003/00\n')
    expect(await waitForPosition(3n, 50)).toBe(true)
    expect(await waitForPosition(4n, 50)).toBe(false)
    setTimeout(() => fs.writeFileSync(path.join(litefs, 'data.db-pos'), '0000000000000004/00\n'), 30)
    expect(await waitForPosition(4n, 1000)).toBe(true)
  })
})
