// What the requester told us (issue 29), as managers and runners see it: urgent, needed by, the
// answers to the property's questions (as they were asked) and the photos.
import { formatDateTime } from '~/lib/format'
import { Badge } from '~/ui/badge'
import { cn } from '~/ui/cn'

export type RequesterDetails = {
  urgent: boolean
  neededBy: string | null
  fieldAnswers: ReadonlyArray<{ key: string; label: string; text: string }>
  photos: ReadonlyArray<{ imageUrl: string; thumbnailUrl: string }>
}

export function UrgentBadge({ className }: { className?: string }) {
  return (
    <Badge tone="red" className={cn('font-semibold', className)}>
      Urgent
    </Badge>
  )
}

/** A definition list of the details; nothing at all when the requester told us nothing. */
export function RequesterDetailsList({ details, timeZone, photoAlt }: { details: RequesterDetails; timeZone: string; photoAlt: string }) {
  const { urgent, neededBy, fieldAnswers, photos } = details
  if (!urgent && !neededBy && fieldAnswers.length === 0 && photos.length === 0) return null
  return (
    <section aria-label="What the requester told us" className="mt-3 space-y-2 text-sm">
      {urgent || neededBy ? (
        <p className="flex flex-wrap items-center gap-2">
          {urgent ? <UrgentBadge /> : null}
          {neededBy ? (
            <span>
              Needed by <time dateTime={neededBy}>{formatDateTime(neededBy, timeZone)}</time>
            </span>
          ) : null}
        </p>
      ) : null}
      {fieldAnswers.length > 0 ? (
        <dl className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-x-2 gap-y-1">
          {fieldAnswers.map((a) => (
            <div key={a.key} className="contents">
              <dt className="text-slate-500">{a.label}</dt>
              <dd className="break-words text-slate-900">{a.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Photos from the requester">
          {photos.map((p, i) => (
            <li key={p.imageUrl}>
              <a href={p.imageUrl} target="_blank" rel="noreferrer" className="block rounded focus:outline-none focus:ring-2 focus:ring-brand-500">
                <img src={p.thumbnailUrl} alt={`${photoAlt} ${i + 1}`} className="h-20 w-20 rounded border border-slate-200 object-cover" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
