import { expect, test } from 'vitest'
import { csvStream } from './csv'

/** The body as written: Response.text() would drop the byte-order mark this is about. */
const written = async (res: Response) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())

test('a CSV download is its byte-order mark, then the lines as they come, as an attachment never cached', async () => {
  async function* lines() {
    yield 'a,b\r\n'
    yield '1,2\r\n'
  }
  const res = csvStream(lines(), 'export.csv')
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  expect(res.headers.get('content-disposition')).toBe('attachment; filename="export.csv"')
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  expect(await written(res)).toBe('\uFEFFa,b\r\n1,2\r\n')
  expect(await written(csvStream(['whole,report\r\n'], 'report.csv'))).toBe('\uFEFFwhole,report\r\n')
})

test('a client that goes away stops the reading: the rest of a long export is never fetched', async () => {
  let read = 0
  let closed = false
  async function* lines() {
    try {
      for (;;) {
        read++
        yield `${read}\r\n`
      }
    } finally {
      closed = true
    }
  }
  const reader = csvStream(lines(), 'long.csv').body!.getReader()
  await reader.read() // the byte-order mark
  await reader.read()
  await reader.cancel()
  expect(closed).toBe(true)
  expect(read).toBeLessThan(5)
})
