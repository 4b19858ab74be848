// After a runner's post (portal or delivery link, no JavaScript needed) the answer is a redirect back
// to the stop acted on, `#stop-<assignmentId>`, and a refused field is named in the address
// (`?refused=handoverCode&stop=<id>`) so the page marks that field invalid with the message the
// toast carries (issue 34): the refusal shows beside the field and in the page's message.
import { useRouteLoaderData, useSearchParams } from '@remix-run/react'
import { Invalid } from '~/lib/errors'

/** Fields a stop's forms can show a refusal beside. */
const SHOWN_BESIDE = ['handoverCode'] as const
export type RefusedField = (typeof SHOWN_BESIDE)[number]

export const stopAnchor = (assignmentId: string) => `stop-${assignmentId}`

export function backToStop(pathname: string, assignmentId: string, refused?: RefusedField) {
  if (!assignmentId) return pathname
  const query = refused ? `?${new URLSearchParams({ refused, stop: assignmentId })}` : ''
  return `${pathname}${query}#${stopAnchor(assignmentId)}`
}

/** The field a refusal is about, when it is one shown beside its field. */
export function refusedField(err: unknown): RefusedField | undefined {
  if (!(err instanceof Invalid)) return undefined
  return SHOWN_BESIDE.find((name) => err.fieldErrors[name]?.length)
}

/** The message to show beside `field` of this stop's form, when the last post refused it. */
export function useFieldRefusal(assignmentId: string, field: RefusedField): string | undefined {
  const [params] = useSearchParams()
  const root = useRouteLoaderData<{ toast: { description?: string; variant: string } | null }>('root')
  if (params.get('stop') !== assignmentId || params.get('refused') !== field) return undefined
  // The message travels once, in the toast; a reload later shows the field as it is.
  return root?.toast?.variant === 'error' ? root.toast.description : undefined
}
