// Issue 35: adding a request field touches only the requests area, its routes and its translations.
// The /api answer for a request is described here, beside the view it describes, and the routes take
// it from here (app/routes/api+/request-answers.test.ts says so of the routes).
import { describe, expect, test } from 'vitest'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { RequestAnswer } from './request-answer.schema'
import { createRequest } from './request-intake.server'
import { findRequest } from './request.server'

describe('a request’s /api answer', () => {
  test('describes the request’s view key for key, so a field added to the view is described beside it', async () => {
    const { organisation, property, products } = await givenStorefront()
    const { request } = await createRequest(
      organisation.id,
      { propertyId: property.id, vendorName: 'Ana', notes: 'Back door', urgent: true, requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] },
      { source: 'manager' },
    )
    const view = await findRequest(organisation.id, request.id)
    const wire = JSON.parse(JSON.stringify(view)) as Record<string, unknown>
    expect(RequestAnswer.safeParse(wire).error?.issues ?? []).toEqual([])
    expect(Object.keys(RequestAnswer.shape).sort()).toEqual(Object.keys(wire).sort())
  })
})
