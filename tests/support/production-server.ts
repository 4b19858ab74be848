// The production build (`node build/server.js`, NODE_ENV=production) as a child process on a free
// loopback port, for tests that must kill and restart the real server. Sign-in uses the mocked
// identity provider (MOCKS=true), which production allows only when asked for by name.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export type ProductionServer = { url: string; child: ChildProcess; output: () => string; stop: () => Promise<void> }

function ensureServerBuild() {
  if (fs.existsSync(path.resolve('build/server.js')) && fs.existsSync(path.resolve('build/index.js'))) return
  execFileSync('npm', ['run', 'build'], { stdio: 'pipe' })
}

export async function startProductionServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ProductionServer> {
  ensureServerBuild()
  const child = spawn(process.execPath, ['build/server.js'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      MOCKS: 'true',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'production-test-secret',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d.toString()))
  child.stderr!.on('data', (d) => (output += d.toString()))
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The production server did not start in 20 s:\n${output}`)), 20_000)
    const look = () => {
      const match = output.match(/listening on http:\/\/localhost:(\d+)/)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    }
    child.stdout!.on('data', look)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The production server exited with ${code}:\n${output}`))
    })
  })
  child.removeAllListeners('exit')
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGKILL')
      }),
  }
}
