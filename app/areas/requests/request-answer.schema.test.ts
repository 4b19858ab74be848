// Issue 35: adding a request field touches only the requests area, its routes and its translations.
// The /api answer for a request is described here, beside the view it describes, and the routes take
// it from here: not from a list in another area that every request field would have to visit.
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import * as integrationAnswers from '~/areas/integrations/responses.schema'
import { operationOf, type RouteContract } from '~/areas/organisation/route-contract'
import { contract as listAndCreate } from '~/routes/api+/requests'
import { contract as oneRequest } from '~/routes/api+/requests.$id'
import { contract as dispatchQueue } from '~/routes/api+/dispatch.queue'
import { contract as requestFields } from '~/routes/api+/properties.$id.request-fields'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { QueuedRequestAnswer, RequestAnswer, RequestFieldsAnswer } from './request-answer.schema'
import { createRequest } from './request-intake.server'
import { findRequest } from './request.server'

const responseOf = (contract: RouteContract, method: string) => operationOf(contract, method)?.response

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

  test('is the requests area’s own: the routes that answer requests take it from here, and the integrations area declares none', () => {
    const list = responseOf(listAndCreate, 'GET') as z.ZodArray<z.ZodType>
    expect(list.element).toBe(RequestAnswer)
    expect(responseOf(listAndCreate, 'POST')).toBe(RequestAnswer)
    expect(responseOf(oneRequest, 'GET')).toBe(RequestAnswer)
    expect((responseOf(dispatchQueue, 'GET') as z.ZodArray<z.ZodType>).element).toBe(QueuedRequestAnswer)
    expect(responseOf(requestFields, 'GET')).toBe(RequestFieldsAnswer)
    expect(Object.keys(integrationAnswers).filter((name) => /Request/.test(name))).toEqual([])
  })
})
