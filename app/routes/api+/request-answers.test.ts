// Issue 35: adding a request field touches only the requests area, its routes and its translations.
// The routes that answer a request describe it with the requests area's own schemas, never with a
// list in the integrations area that every request field would have to visit. Beside the routes, as
// an area's tests import nothing above their area.
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import * as integrationAnswers from '~/areas/integrations/responses.schema'
import { operationOf, type RouteContract } from '~/areas/organisation/route-contract'
import { QueuedRequestAnswer, RequestAnswer, RequestFieldsAnswer } from '~/areas/requests/request-answer.schema'
import { contract as requestFields } from './properties.$id.request-fields'
import { contract as dispatchQueue } from './dispatch.queue'
import { contract as oneRequest } from './requests.$id'
import { contract as listAndCreate } from './requests'

const responseOf = (contract: RouteContract, method: string) => operationOf(contract, method)?.response

describe('a request’s /api answer', () => {
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
