import { describe, expect, it } from 'vitest'
import { formString, formText, trimmedFormText } from './form-text'

function form(entries: Record<string, string | Blob>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.append(name, value)
  return data
}

describe('form text', () => {
  const posted = form({ name: '  Ana ', blank: '   ', photo: new Blob(['x']) })

  it('reads a field as posted, and a missing field or a file as undefined', () => {
    expect(formString(posted, 'name')).toBe('  Ana ')
    expect(formString(posted, 'missing')).toBeUndefined()
    expect(formString(posted, 'photo')).toBeUndefined()
  })

  it('reads a missing field or a file as empty text', () => {
    expect(formText(posted, 'name')).toBe('  Ana ')
    expect(formText(posted, 'missing')).toBe('')
    expect(formText(posted, 'photo')).toBe('')
  })

  it('trims, and reads blank, missing and file fields as null', () => {
    expect(trimmedFormText(posted, 'name')).toBe('Ana')
    expect(trimmedFormText(posted, 'blank')).toBeNull()
    expect(trimmedFormText(posted, 'missing')).toBeNull()
    expect(trimmedFormText(posted, 'photo')).toBeNull()
  })
})
