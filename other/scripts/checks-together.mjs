// Lint, typecheck and build are independent, each mostly on one core: on CI's two cores they run
// side by side (about a minute saved), and `npm test` stops if any of them fails. Each one's output
// is printed whole when it ends, so the log stays readable.
import { spawn } from 'node:child_process'

const scripts = process.argv.slice(2)
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const started = performance.now()
        const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
        let output = ''
        child.stdout.on('data', (chunk) => (output += chunk))
        child.stderr.on('data', (chunk) => (output += chunk))
        child.on('close', (code) => {
          const seconds = ((performance.now() - started) / 1000).toFixed(0)
          process.stdout.write(`\n── npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s\n${output}`)
          resolve(code === 0)
        })
      }),
  ),
)
process.exit(results.every(Boolean) ? 0 : 1)
