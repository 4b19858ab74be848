// "Nobody to take it": when the handover code is required and nobody is at the door to give it, the
// runner delivers with a photo of where it was left and a note. Folded behind its summary, a plain
// multipart form, so it works on a phone without JavaScript.
import { Form } from '@remix-run/react'
import { ProofPhotoField } from './delivery-proof-fields'
import { Button } from '~/ui/button'
import { TextareaField } from '~/ui/field'

export function NobodyThereForm({ id, action, assignmentId, orderNumber }: { id: string; action: string; assignmentId?: string; orderNumber: string }) {
  return (
    <details className="rounded-md border border-amber-200 bg-amber-50 p-3" data-testid="nobody-there">
      <summary className="cursor-pointer text-sm font-medium text-amber-900">Nobody to take it?</summary>
      <Form method="post" action={action} encType="multipart/form-data" className="mt-3 space-y-3" data-queue-label={`Delivered with nobody to take it (order ${orderNumber})`}>
        <p className="text-sm text-amber-900">Leave the delivery safely, take a photo of where it is and say why. Your managers are told it was delivered without the code.</p>
        <input type="hidden" name="intent" value="nobody-there" />
        {assignmentId ? <input type="hidden" name="assignmentId" value={assignmentId} /> : null}
        <ProofPhotoField id={`${id}-photo`} label="Photo of where you left it" />
        <TextareaField id={`${id}-note`} label="Where you left it and why" name="notes" rows={2} maxLength={2000} required />
        <Button type="submit" variant="secondary" className="h-11 w-full">
          Deliver with nobody to take it
        </Button>
      </Form>
    </details>
  )
}
