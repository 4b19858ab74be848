// Settings: who the organisation is (issue 34): its name, postal address, contact e-mail and phone,
// tax or registration number and logo, as invoices, e-mails and QR sheets show them. A multipart form
// with its own button, so the logo goes up with it and all of it works without JavaScript.
import { Form, useNavigation } from '@remix-run/react'
import { ImageInput } from '~/ui/image-input'
import { Button } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { Field, TextareaField } from '~/ui/field'

export const SAVE_IDENTITY = 'organisation-identity'

export type IdentityData = {
  name: string
  address: string | null
  contactEmail: string | null
  contactPhone: string | null
  taxId: string | null
  logoUrl: string | null
}

export function SettingsIdentity({
  identity,
  canChange,
  lastResult,
}: {
  identity: IdentityData
  canChange: boolean
  /** A refused save: its messages, and what was typed (without JavaScript the page is drawn anew). */
  lastResult?: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null }
}) {
  const errors = lastResult?.error ?? undefined
  const typed = (field: keyof IdentityData) => {
    const value = lastResult?.initialValue?.[field]
    return typeof value === 'string' ? value : (identity[field] ?? '')
  }
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === SAVE_IDENTITY
  return (
    <Card data-testid="organisation-identity">
      <CardHeader
        title="Organisation"
        description={canChange ? 'Who you are on invoices, e-mails and QR sheets, and to your team.' : 'Only owners and admins can change these.'}
      />
      <CardBody>
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <input type="hidden" name="intent" value={SAVE_IDENTITY} />
          <Field label="Name" name="name" defaultValue={typed('name')} required maxLength={100} autoComplete="organization" disabled={!canChange} errors={errors?.name ?? undefined} />
          <TextareaField
            label="Postal address"
            name="address"
            defaultValue={typed('address')}
            maxLength={500}
            autoComplete="street-address"
            disabled={!canChange}
            errors={errors?.address ?? undefined}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Contact e-mail"
              name="contactEmail"
              type="email"
              defaultValue={typed('contactEmail')}
              maxLength={254}
              autoComplete="email"
              disabled={!canChange}
              errors={errors?.contactEmail ?? undefined}
            />
            <Field
              label="Contact phone"
              name="contactPhone"
              type="tel"
              defaultValue={typed('contactPhone')}
              maxLength={40}
              autoComplete="tel"
              disabled={!canChange}
              errors={errors?.contactPhone ?? undefined}
            />
          </div>
          <Field
            label="Tax or registration number (optional)"
            name="taxId"
            defaultValue={typed('taxId')}
            maxLength={64}
            disabled={!canChange}
            errors={errors?.taxId ?? undefined}
            hint="Printed on invoices when set."
          />
          {canChange ? (
            <>
              <ImageInput name="logo" label="Logo (optional)" currentUrl={identity.logoUrl} errors={errors?.logo ?? undefined} hint="A PNG or JPEG, at most 15 MB. Shown on invoices." />
              {identity.logoUrl ? (
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" name="removeLogo" value="true" className="h-4 w-4 rounded border-slate-300" />
                  Remove the logo
                </label>
              ) : null}
              <Button type="submit" pending={saving} pendingLabel="Saving...">
                Save organisation
              </Button>
            </>
          ) : identity.logoUrl ? (
            <div>
              <p className="mb-1 text-sm font-medium text-slate-700">Logo</p>
              <img src={identity.logoUrl} alt={`${identity.name} logo`} className="h-16 w-auto max-w-full rounded-md border border-slate-200 object-contain" />
            </div>
          ) : null}
        </Form>
      </CardBody>
    </Card>
  )
}
