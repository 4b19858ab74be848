// The report period (GET /api/reports/consumption and the /reports page).
import { z } from 'zod'

const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`)
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v)
    }, `${label} must be a real date`)

/** Longer periods would make a report nobody reads and a query nobody waits for. */
export const MAX_REPORT_DAYS = 731

export const ReportQuery = z
  .object({
    from: isoDate('From'),
    to: isoDate('To'),
    propertyId: z.string().trim().min(1).optional(),
    format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).default('json'),
  })
  .superRefine((q, ctx) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must be on or after From' })
    else if (days >= MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'A report covers at most two years' })
  })

export type ReportPeriod = Pick<z.output<typeof ReportQuery>, 'from' | 'to' | 'propertyId'>
