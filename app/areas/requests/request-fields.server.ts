// A property's extra questions for its vendors (issue 29): which room, which floor, which cost centre.
// Read and replaced whole, as one document per property (decision 080); the answers a request
// already holds keep the question as it was asked, so nothing here ever touches a request.
import { db } from '~/lib/db.server'
import { NotFound } from '~/lib/errors'
import { parseWith } from '~/lib/http.server'
import { RequestFieldsInput, type RequestField } from '~/areas/requests/request-fields.schema'

export type { RequestField }

/** The stored document, or none; a row that cannot be read asks nothing rather than breaking the vendor page. */
export function parseStoredFields(json: string | null | undefined): RequestField[] {
  if (!json) return []
  try {
    const value = JSON.parse(json) as unknown
    return Array.isArray(value) ? (value as RequestField[]) : []
  } catch {
    return []
  }
}

async function propertyOrThrow(orgId: string, propertyId: string) {
  const property = await db.property.findFirst({ where: { id: propertyId, organisationId: orgId }, select: { id: true } })
  if (!property) throw new NotFound('Property not found')
  return property
}

/** The property's questions, in the order vendors see them. NotFound for another organisation's property. */
export async function requestFieldsOf(orgId: string, propertyId: string): Promise<{ fields: RequestField[] }> {
  await propertyOrThrow(orgId, propertyId)
  const row = await db.propertyRequestFields.findFirst({ where: { propertyId, organisationId: orgId }, select: { fields: true } })
  return { fields: parseStoredFields(row?.fields) }
}

/**
 * Replaces the property's questions. A change moves the organisation's storefront version (a trigger,
 * migration request_details), so the kept vendor pages ask the new questions at once.
 */
export async function replaceRequestFields(orgId: string, propertyId: string, input: unknown): Promise<{ fields: RequestField[] }> {
  const { fields } = parseWith(RequestFieldsInput, input)
  await propertyOrThrow(orgId, propertyId)
  const json = JSON.stringify(fields)
  if (fields.length === 0) await db.propertyRequestFields.deleteMany({ where: { propertyId, organisationId: orgId } })
  else await db.propertyRequestFields.upsert({ where: { propertyId }, create: { propertyId, organisationId: orgId, fields: json }, update: { fields: json } })
  return { fields: fields as RequestField[] }
}

/** The questions a vendor at this property answers; no organisation scope, as the vendor page has none. */
export async function storefrontRequestFields(propertyId: string): Promise<RequestField[]> {
  const row = await db.propertyRequestFields.findUnique({ where: { propertyId }, select: { fields: true } })
  return parseStoredFields(row?.fields)
}
