// Status names as people read them (spec §2.4, §4), one vocabulary for every page (issue 34): a
// request's state reads the same on the Dashboard, Requests and Dispatch, toasts and PDFs included,
// never a raw value like in_progress. A request that a runner has is "Assigned" (the spec's name on
// the dashboard); a delivery's own state (the runner assignment's) is said to be the delivery's
// wherever a manager reads it beside requests: "Delivery: In Transit". The spec's named counter
// ("In Progress") keeps its name.
export const REQUEST_STATUS_LABELS = { pending: 'Pending', in_progress: 'Assigned', completed: 'Completed', archived: 'Archived' } as const
const ASSIGNMENT: Record<string, string> = {
  assigned: 'Assigned',
  picked_up: 'Picked Up',
  in_transit: 'In Transit',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}
const INVOICE: Record<string, string> = { draft: 'Draft', sent: 'Sent', paid: 'Paid', overdue: 'Overdue' }
const REQUEST: Record<string, string> = REQUEST_STATUS_LABELS

/** An unknown value is shown with its underscores as spaces rather than as a code. */
const fallback = (status: string) => status.replace(/_/g, ' ')

export const requestStatusLabel = (status: string) => REQUEST[status] ?? fallback(status)
export const assignmentStatusLabel = (status: string) => ASSIGNMENT[status] ?? fallback(status)
/** A delivery's state where it sits beside requests' states: "Delivery: In Transit". */
export const deliveryStateLabel = (status: string) => `Delivery: ${assignmentStatusLabel(status)}`
export const invoiceStatusLabel = (status: string) => INVOICE[status] ?? fallback(status)
