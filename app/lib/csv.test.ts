import { expect, test } from 'vitest'
import { csvCell, csvRow } from './csv'

test('plain values stay as they are; commas, quotes and line breaks are quoted with inner quotes doubled', () => {
  expect(csvRow(['ORD-000001', 3, null, undefined, 'plain text'])).toBe('ORD-000001,3,,,plain text\r\n')
  expect(csvCell('a, b')).toBe('"a, b"')
  expect(csvCell('12" tiles')).toBe('"12"" tiles"')
  expect(csvCell('line one\nline two')).toBe('"line one\nline two"')
  expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"')
  expect(csvCell('"quoted", and\r\nmore')).toBe('"""quoted"", and\r\nmore"')
  expect(csvCell(new Date('2026-11-21T12:00:00Z'))).toBe('2026-11-21T12:00:00.000Z')
})

test('text a spreadsheet would run as a formula is kept as text', () => {
  expect(csvCell('=1+2')).toBe("'=1+2")
  expect(csvCell('+1 555 0100')).toBe("'+1 555 0100")
  expect(csvCell('-5')).toBe("'-5")
  expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
  expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
  expect(csvCell(-5)).toBe('-5')
})
