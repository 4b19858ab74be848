// Light pages inline a stylesheet of their own (decision 153): every class they use is in it, and the
// manager screens' classes are not, so a phone parses and matches about two thirds as many rules.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { givenAssignment } from '../../tests/fixtures/dispatch'
import { givenStorefront } from '../../tests/fixtures/vendor'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer()

/** The class names a stylesheet has a rule for, unescaped (`.hover\:bg-x:hover` gives `hover:bg-x`). */
function classesIn(css: string) {
  const names = new Set<string>()
  for (const m of css.matchAll(/\.((?:\\[0-9a-f]{1,6} ?|\\.|[\w-])+)/gi)) {
    names.add(m[1]!.replace(/\\([0-9a-f]{1,6}) ?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16))).replace(/\\(.)/g, '$1'))
  }
  return names
}

function wholeAppStylesheet() {
  const dir = 'public/build/_assets'
  const file = fs.readdirSync(dir).find((name) => /^tailwind-.+\.css$/.test(name))
  return fs.readFileSync(path.join(dir, file!), 'utf8')
}

describe('the light pages’ stylesheet', () => {
  test('holds every class a vendor’s, runner’s or requester’s page uses, in well under the whole app’s size', async () => {
    const { property } = await givenStorefront({ name: 'Pier 9' })
    const { runner, runnerToken, assignment, linkToken } = await givenAssignment(property.organisationId, 'in_transit')
    const whole = wholeAppStylesheet()
    const wholeClasses = classesIn(whole)
    const pages = [
      `/vendor/${property.id}`,
      `/vendor/${property.id}/request?lang=en`,
      `/vendor/${property.id}/request?lang=en&step=finalize`,
      `/runner/${runner.id}/${runnerToken}`,
      `/delivery/${assignment.id}/${linkToken}?dialog=proof`,
    ]
    for (const page of pages) {
      const res = await app.client().get(page)
      expect(res.status, page).toBe(200)
      const html = await res.text()
      const inline = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? ''
      expect(inline.length, page).toBeLessThan(whole.length * 0.7)
      const inlineClasses = classesIn(inline)
      const used = new Set([...html.matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)).filter(Boolean))
      expect(used.size, page).toBeGreaterThan(20)
      const missing = [...used].filter((name) => wholeClasses.has(name) && !inlineClasses.has(name))
      expect(missing, page).toEqual([])
    }
  })

  test('holds the classes of the elements the pages’ scripts add (the offline queue, the chosen photos)', async () => {
    const scripts = fs.readdirSync('build/enhancers').map((name) => fs.readFileSync(path.join('build/enhancers', name), 'utf8')).join('\n')
    // A class written as a string the script assigns: className: "…" or className = '…'.
    const added = [...scripts.matchAll(/className\s*[:=]\s*(["'])([^"']+)\1/g)].flatMap((m) => m[2]!.split(/\s+/))
    expect(added).toEqual(expect.arrayContaining(['list-disc', 'object-cover']))
    const res = await app.client().get(`/vendor/${(await givenStorefront()).property.id}/request?lang=en`)
    const inline = classesIn(/<style>([^<]*)<\/style>/.exec(await res.text())?.[1] ?? '')
    expect(added.filter((name) => !inline.has(name))).toEqual([])
  })
})
