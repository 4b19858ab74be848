// Status names as people read them (spec §2.4, §4): toasts, messages and texts never show raw values
// like in_progress. Badges and filters keep their own page-specific wording where the spec asks.
const REQUEST: Record<string, string> = { pending: 'Pending', in_progress: 'Assigned', completed: 'Completed', archived: 'Archived' }
const ASSIGNMENT: Record<string, string> = {
  assigned: 'Assigned',
  picked_up: 'Picked Up',
  in_transit: 'In Transit',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}
const INVOICE: Record<string, string> = { draft: 'Draft', sent: 'Sent', paid: 'Paid', overdue: 'Overdue' }

/** An unknown value is shown with its underscores as spaces rather than as a code. */
const fallback = (status: string) => status.replace(/_/g, ' ')

export const requestStatusLabel = (status: string) => REQUEST[status] ?? fallback(status)
export const assignmentStatusLabel = (status: string) => ASSIGNMENT[status] ?? fallback(status)
export const invoiceStatusLabel = (status: string) => INVOICE[status] ?? fallback(status)
