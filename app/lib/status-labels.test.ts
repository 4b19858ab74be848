import { expect, test } from 'vitest'
import { assignmentStatusLabel, invoiceStatusLabel, requestStatusLabel } from './status-labels'

test('people read the spec names, never raw values', () => {
  expect(requestStatusLabel('in_progress')).toBe('Assigned')
  expect(requestStatusLabel('pending')).toBe('Pending')
  expect(assignmentStatusLabel('in_transit')).toBe('In Transit')
  expect(assignmentStatusLabel('picked_up')).toBe('Picked Up')
  expect(invoiceStatusLabel('overdue')).toBe('Overdue')
  expect(requestStatusLabel('on_hold')).toBe('on hold')
})
