// A depot's name and address, changed by its owners and admins: sign-up names the first one "Main
// depot", and a yard moves. A plain form post in a dialog that lives in the URL (?dialog=edit-depot).
import { Form, Link } from '@remix-run/react'
import { Button, buttonClasses } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { Field } from '~/ui/field'

export const EDIT_DEPOT_DIALOG = 'edit-depot'

export function DepotEditDialog({
  depot,
  closeTo,
  errors,
  sent,
}: {
  depot: { name: string; address: string | null }
  closeTo: string
  errors: { name?: string[] | null; address?: string[] | null }
  /** What was sent, when it came back refused: shown again rather than the depot's saved values. */
  sent?: { name?: unknown; address?: unknown } | null
}) {
  const shown = (value: unknown, saved: string) => (typeof value === 'string' ? value : saved)
  return (
    <Dialog title="Edit depot" description="Its stock, counts and ledger stay with it under the new name." closeTo={closeTo}>
      <Form method="post" action={`${closeTo}?dialog=${EDIT_DEPOT_DIALOG}`} className="space-y-4">
        <input type="hidden" name="intent" value="rename" />
        <Field label="Name" name="name" required maxLength={80} defaultValue={shown(sent?.name, depot.name)} errors={errors.name} />
        <Field label="Address (optional)" name="address" maxLength={200} autoComplete="street-address" defaultValue={shown(sent?.address, depot.address ?? '')} errors={errors.address} />
        <div className="flex justify-end gap-2">
          <Link to={closeTo} className={buttonClasses('secondary')}>
            Cancel
          </Link>
          <Button type="submit">Save depot</Button>
        </div>
      </Form>
    </Dialog>
  )
}
