import { expect, test } from 'vitest'
import { assignmentStatusLabel, deliveryStateLabel, invoiceStatusLabel, requestStatusLabel } from './status-labels'
import { DASHBOARD_STATUS_LABELS, STATUS_LABELS } from '~/areas/requests/components/request-summary'

test('people read the spec names, never raw values', () => {
  expect(requestStatusLabel('in_progress')).toBe('Assigned')
  expect(requestStatusLabel('pending')).toBe('Pending')
  expect(assignmentStatusLabel('in_transit')).toBe('In Transit')
  expect(assignmentStatusLabel('picked_up')).toBe('Picked Up')
  expect(invoiceStatusLabel('overdue')).toBe('Overdue')
  expect(requestStatusLabel('on_hold')).toBe('on hold')
})

test('a request reads the same on the dashboard and the Requests page, and a delivery says it is one', () => {
  expect(STATUS_LABELS).toEqual(DASHBOARD_STATUS_LABELS)
  for (const [status, label] of Object.entries(STATUS_LABELS)) expect(requestStatusLabel(status)).toBe(label)
  expect(deliveryStateLabel('in_transit')).toBe('Delivery: In Transit')
  expect(deliveryStateLabel('assigned')).toBe('Delivery: Assigned')
})
