import fs from 'node:fs'
import path from 'node:path'
import stylesheet from '~/styles/tailwind.css'

let text: string | undefined

/** The built stylesheet (about 7 KB compressed), read once; undefined when it cannot be read, and the page links it. */
export function stylesheetText() {
  if (text === undefined || process.env.NODE_ENV !== 'production') {
    try {
      text = fs.readFileSync(path.join(process.cwd(), 'public', stylesheet), 'utf8')
    } catch {
      return undefined
    }
  }
  return text
}
