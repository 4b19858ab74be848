// Inputs of dispatch: adding runners, assigning them, their status changes and delivery proofs.
// Shared by the /api routes and the page forms, so both answer with the spec's messages (§5).
import { z } from 'zod'
import { booleanInput, optionalText, requiredText } from '~/lib/common.schema'
import { IMAGE_URL_NOT_ALLOWED, isAllowedImageUrl } from '~/areas/catalogue/product.schema'

export const ASSIGNMENT_STATUSES = ['assigned', 'picked_up', 'in_transit', 'delivered', 'cancelled'] as const
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number]

export const RunnerInput = z.object({
  name: requiredText('Name is required', 200),
  phone: requiredText('Phone number is required', 40),
  email: z
    .string()
    .trim()
    .max(320)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email({ error: 'Email must be a valid email address' }).nullable()),
})
export type RunnerInput = z.infer<typeof RunnerInput>

export const AssignInput = z.object({
  requestId: requiredText('Request is required', 64),
  runnerId: requiredText('Runner is required', 64),
  notes: optionalText(2000),
})
export type AssignInput = z.infer<typeof AssignInput>

export const StatusInput = z.object({
  status: z.enum(ASSIGNMENT_STATUSES, {
    error: `Status must be one of ${ASSIGNMENT_STATUSES.join(', ')}`,
  }),
  // The vendor's 4 digits, asked for when marking delivered; a blank form field means none given.
  handoverCode: z
    .string({ error: 'The handover code is 4 digits' })
    .trim()
    .regex(/^$|^\d{4}$/, 'The handover code is 4 digits')
    .nullish()
    .transform((v) => v || null),
  // "Nobody to take it": delivered without the code, after a proof with a photo and a note.
  nobodyThere: booleanInput.optional(),
})

export const ProofInput = z.object({
  // A photo from our upload (or the bucket it went to), never a javascript: or data: address.
  imageUrl: requiredText('Please upload a photo', 2000).refine(isAllowedImageUrl, IMAGE_URL_NOT_ALLOWED),
  thumbnailUrl: optionalText(2000).refine((v) => v === null || isAllowedImageUrl(v), IMAGE_URL_NOT_ALLOWED),
  notes: optionalText(2000),
  // Issue 16: who took it, their signature (uploaded like the photo), when and where it was taken.
  receivedBy: optionalText(120),
  signatureUrl: optionalText(2000).refine((v) => v === null || isAllowedImageUrl(v), IMAGE_URL_NOT_ALLOWED),
  capturedAt: z.iso.datetime({ error: 'Capture time must be an ISO date-time', offset: true }).nullish(),
  latitude: z.number({ error: 'Latitude must be a number' }).min(-90).max(90).nullish(),
  longitude: z.number({ error: 'Longitude must be a number' }).min(-180).max(180).nullish(),
})
export type ProofInput = z.infer<typeof ProofInput>
