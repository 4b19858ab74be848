// Reads a PDF as a person's reader would, in this process (Mozilla's pdf.js): its text line by line,
// its page count and the images drawn on it. Tests used poppler's command-line tools before, which a
// fresh machine may lack (issue 27, item 8); an npm package is installed by `npm ci` like the rest.
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'

type TextItem = { str: string; transform: number[]; width: number; height: number; hasEOL: boolean }

async function open(bytes: Uint8Array) {
  // pdf.js takes ownership of the array it is given, so it gets a copy.
  return getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise
}

/** Items on one baseline, left to right, with a space where the gap between them shows one. */
function lineText(items: TextItem[]) {
  let text = ''
  let end: number | null = null
  for (const item of [...items].sort((a, b) => a.transform[4]! - b.transform[4]!)) {
    const x = item.transform[4]!
    const gap = end === null ? 0 : x - end
    if (end !== null && gap > Math.max(1, item.height * 0.15) && !text.endsWith(' ') && !item.str.startsWith(' ')) text += ' '
    text += item.str
    end = x + item.width
  }
  return text.trimEnd()
}

/** The text of every page, one line of the document a line of text, pages apart by a form feed. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await open(bytes)
  try {
    const pages: string[] = []
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent()
      const lines = new Map<number, TextItem[]>()
      for (const item of content.items as TextItem[]) {
        if (!('str' in item) || item.str === '') continue
        // Items a fraction of a point apart sit on the same line.
        const y = Math.round(item.transform[5]! * 2) / 2
        lines.set(y, [...(lines.get(y) ?? []), item])
      }
      pages.push(
        [...lines.entries()]
          .sort(([a], [b]) => b - a)
          .map(([, items]) => lineText(items))
          .join('\n'),
      )
    }
    return pages.join('\n\f')
  } finally {
    await doc.destroy()
  }
}

export async function pdfPages(bytes: Uint8Array): Promise<number> {
  const doc = await open(bytes)
  try {
    return doc.numPages
  } finally {
    await doc.destroy()
  }
}

/** Every image painted in the document, with its size in pixels. */
export async function pdfImages(bytes: Uint8Array): Promise<Array<{ page: number; width: number; height: number }>> {
  const doc = await open(bytes)
  try {
    const images: Array<{ page: number; width: number; height: number }> = []
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const ops = await page.getOperatorList()
      for (let i = 0; i < ops.fnArray.length; i++) {
        if (ops.fnArray[i] !== OPS.paintImageXObject) continue
        const name = ops.argsArray[i]![0] as string
        const objs = name.startsWith('g_') ? page.commonObjs : page.objs
        const image = await new Promise<{ width: number; height: number }>((resolve) => objs.get(name, resolve))
        images.push({ page: n, width: image.width, height: image.height })
      }
    }
    return images
  } finally {
    await doc.destroy()
  }
}
