import fs from 'node:fs'
import path from 'node:path'
import stylesheet from '~/styles/tailwind.css'
import { env } from './env.server'

let text: string | undefined
let read = false

function firstReadable(files: string[]) {
  for (const file of files) {
    try {
      return fs.readFileSync(path.join(process.cwd(), file), 'utf8')
    } catch {
      // the next one
    }
  }
  return undefined
}

/**
 * The stylesheet light pages inline: the light pages' own sheet that `npm run build` makes
 * (other/scripts/build-light-stylesheet.mjs, decision 153), read once. Under `npm run dev` the whole
 * app's sheet, read each time, as it changes with the classes. Undefined when none can be read, and
 * the page links the stylesheet.
 */
export function stylesheetText() {
  const developing = env().NODE_ENV === 'development'
  if (!read || developing) {
    text = firstReadable(developing ? [path.join('public', stylesheet)] : ['build/light-stylesheet.css', path.join('public', stylesheet)])
    read = true
  }
  return text
}
