// The request log is read by whoever operates the deployment: a link's secret must not be in it.
import { expect, test } from 'vitest'
import { loggedPath } from './request-log'

test('the log names the page a token opens, never the token', () => {
  expect(loggedPath('/invite/s3cr3t-Token_x')).toBe('/invite/:token')
  expect(loggedPath('/runner/r1/s3cr3t')).toBe('/runner/r1/:token')
  expect(loggedPath('/delivery/a1/s3cr3t')).toBe('/delivery/a1/:token')
  expect(loggedPath('/track/s3cr3t')).toBe('/track/:token')
  expect(loggedPath('/track/stop/s3cr3t')).toBe('/track/stop/:token')
  expect(loggedPath('/requests')).toBe('/requests')
  expect(loggedPath('/vendor/p1/request')).toBe('/vendor/p1/request')
})
