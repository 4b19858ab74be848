// "Are you sure?" before anything is destroyed: a Dialog holding a real form, so it works without JS.
import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Button, ButtonLink } from './button'
import { Dialog } from './dialog'

export function ConfirmDialog({
  title,
  description,
  closeTo,
  action,
  intent,
  fields = {},
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  children,
}: {
  title: string
  description: ReactNode
  closeTo: string
  /** Where the form posts; defaults to the current route. */
  action?: string
  intent: string
  fields?: Record<string, string>
  confirmLabel?: string
  pendingLabel?: string
  children?: ReactNode
}) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <Dialog title={title} description={description} closeTo={closeTo}>
      {children}
      <Form method="post" action={action} className="mt-4 flex justify-end gap-2">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <ButtonLink to={closeTo} variant="secondary" replace preventScrollReset>
          Cancel
        </ButtonLink>
        <Button type="submit" variant="destructive" pending={pending} pendingLabel={pendingLabel}>
          {confirmLabel}
        </Button>
      </Form>
    </Dialog>
  )
}
