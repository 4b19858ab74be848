// The closing lines of a Playwright run: how many tests needed a retry (flaky: they failed, then
// passed) and which, with the first line of what failed, so CI's output ends with them even when
// the count is zero. Also written to flaky.txt in the run's output folder for the closing note.
import fs from 'node:fs'
import path from 'node:path'
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

export default class RetrySummary implements Reporter {
  private readonly firstFailure = new Map<TestCase, string>()
  private readonly tests = new Set<TestCase>()
  private outputDir = 'test-results'

  onBegin(config: FullConfig) {
    this.outputDir = config.projects[0]?.outputDir ?? this.outputDir
  }

  onTestEnd(test: TestCase, result: TestResult) {
    this.tests.add(test)
    if (result.status !== 'passed' && result.status !== 'skipped' && !this.firstFailure.has(test)) {
      const message = result.error?.message?.split('\n').find((line) => line.trim()) ?? result.status
      // Colour codes from expect's messages would only clutter a plain log.
      // eslint-disable-next-line no-control-regex
      this.firstFailure.set(test, `${message.replace(/\u001b\[[0-9;]*m/g, '').trim()} (${Math.round(result.duration / 1000)} s)`)
    }
  }

  onEnd(result: FullResult) {
    const flaky = [...this.tests].filter((t) => t.outcome() === 'flaky')
    const lines = [`Needed a retry (flaky): ${flaky.length} of ${this.tests.size} tests; run ${result.status} in ${Math.round(result.duration / 1000)} s`]
    for (const t of flaky) {
      const [, project, ...titles] = t.titlePath()
      lines.push(`  flaky: [${project}] ${path.relative(process.cwd(), t.location.file)}:${t.location.line} › ${titles.slice(1).join(' › ')}`)
      lines.push(`    first try: ${this.firstFailure.get(t)}`)
    }
    const text = lines.join('\n')
    console.log(`\n${text}`)
    try {
      fs.mkdirSync(this.outputDir, { recursive: true })
      fs.writeFileSync(path.join(this.outputDir, 'flaky.txt'), `${text}\n`)
    } catch {
      // The summary on screen is what matters; a read-only checkout only loses the file.
    }
  }
}
