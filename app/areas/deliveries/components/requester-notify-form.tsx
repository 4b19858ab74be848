// On the tracking page: where the vendor wants to hear about their request. A plain form post that
// works without JavaScript; conform shows the server's messages next to the fields.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'

type Text = { heading: string; intro: string; email: string; phone: string; submit: string; saved: string; listening: string | null }

export function RequesterNotifyForm({ lastResult, saved, text }: { lastResult?: SubmissionResult<string[]> | null; saved: boolean; text: Text }) {
  const [form, fields] = useForm<{ email: string; phone: string }>({ id: 'requester-notify', lastResult, shouldValidate: 'onSubmit' })
  return (
    <section aria-labelledby="notify-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id="notify-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {text.heading}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{text.intro}</p>
      {saved ? (
        <p className="mt-3 rounded-md bg-green-50 p-3 text-sm text-green-900" role="status" data-testid="notify-saved">
          {text.saved}
        </p>
      ) : null}
      {text.listening ? (
        <p className="mt-3 text-sm text-slate-900" data-testid="notify-listening">
          {text.listening}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <Field label={text.email} {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" errors={fields.email.errors} />
        <Field label={text.phone} {...getInputProps(fields.phone, { type: 'tel' })} autoComplete="tel" errors={fields.phone.errors} />
        <Button type="submit">{text.submit}</Button>
      </Form>
    </section>
  )
}
