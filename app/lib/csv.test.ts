import { expect, test } from 'vitest'
import { csvCell, csvRow, parseCsv } from './csv'

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

test('reads what spreadsheets write: a BOM, quoted commas, doubled quotes, CRLF, LF or CR, blank lines skipped', () => {
  expect(parseCsv('\uFEFFname,price\r\n"Towels, large",$3\r\n\r\n"12"" tiles",\n')).toEqual([
    ['name', 'price'],
    ['Towels, large', '$3'],
    ['12" tiles', ''],
  ])
  expect(parseCsv('a,b\n1,2\r\n3\r4,5')).toEqual([['a', 'b'], ['1', '2'], ['3'], ['4', '5']])
})

test('a quoted field keeps its line breaks as one field of one row', () => {
  expect(parseCsv('name,description\r\nSoap,"Say ""soft""\nTwo lines"\r\nTowels,"a\r\nb"\r\n')).toEqual([
    ['name', 'description'],
    ['Soap', 'Say "soft"\nTwo lines'],
    ['Towels', 'a\r\nb'],
  ])
})

test('a semicolon-separated export (a spreadsheet set to decimal commas) is told by its header line', () => {
  expect(parseCsv('\uFEFFname;price;description\r\n"Towels; large";3,50;"a, b"\r\nSoap;2;\r\n')).toEqual([
    ['name', 'price', 'description'],
    ['Towels; large', '3,50', 'a, b'],
    ['Soap', '2', ''],
  ])
  expect(parseCsv('name,note\nSoap,a;b;c\n')).toEqual([['name', 'note'], ['Soap', 'a;b;c']])
})

test('our export reads back as written, formula text included, and a quote left open is refused', () => {
  const row = ['=SUM(A1)', 'Ünïcødé ✓', '"quoted", and\r\nmore', '-5']
  expect(parseCsv(csvRow(['name', 'a', 'b', 'c']) + csvRow(row))).toEqual([['name', 'a', 'b', 'c'], row])
  expect(() => parseCsv('name\n"open quote\n')).toThrow('A quoted field is not closed')
})
