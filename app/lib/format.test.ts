import { expect, test } from 'vitest'
import { formatDate, timeAgo } from './format'

test('ages read as a person would say them', () => {
  const now = new Date('2026-11-21T12:00:00Z')
  expect(timeAgo(new Date('2026-11-21T11:59:30Z'), now)).toBe('Just now')
  expect(timeAgo(new Date('2026-11-21T11:59:00Z'), now)).toBe('1 minute ago')
  expect(timeAgo(new Date('2026-11-21T11:15:00Z'), now)).toBe('45 minutes ago')
  expect(timeAgo(new Date('2026-11-21T11:00:00Z'), now)).toBe('1 hour ago')
  expect(timeAgo(new Date('2026-11-21T02:00:00Z'), now)).toBe('10 hours ago')
  expect(timeAgo(new Date('2026-11-20T12:00:00Z'), now)).toBe('1 day ago')
  expect(timeAgo(new Date('2026-11-11T12:00:00Z'), now)).toBe('10 days ago')
})

test('dates are US English', () => {
  expect(formatDate('2026-11-21T12:00:00Z')).toBe('Nov 21, 2026')
})
