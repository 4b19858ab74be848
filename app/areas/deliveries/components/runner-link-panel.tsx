// A runner's portal link right after it is made (issue 34): the link itself, to copy, share or send
// by SMS, in words a manager uses. Shown once (DESIGN.md §5: the answer to the post is the only
// place it appears), so it stays until the manager dismisses it: no toast that hides it. Without
// JavaScript the SMS link and the Dismiss form (a GET back to the page) still work.
import { MessageSquare, Share2, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { DispatchCopyField } from './dispatch-copy-field'
import { Button, buttonClasses } from '~/ui/button'

export type RunnerLink = { kind: 'runner'; title: string; name: string; phone: string; portalUrl: string; replaced: boolean }

/** What the runner receives: their name, what the link is for, the link. */
export function runnerLinkMessage(link: Pick<RunnerLink, 'name' | 'portalUrl'>) {
  return `Hi ${link.name.split(' ')[0]}, this link opens your deliveries: ${link.portalUrl}`
}

/** `sms:` with the body after `?&`, the form both Android and iOS read; the runner's number when we have it. */
export function smsHref(phone: string, body: string) {
  return `sms:${phone.replace(/[^\d+]/g, '')}?&body=${encodeURIComponent(body)}`
}

export function RunnerLinkPanel({ link, dismissTo, onDismiss }: { link: RunnerLink; dismissTo: string; onDismiss: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const [canShare, setCanShare] = useState(false)
  // After hydration only, so the server's HTML and the first render agree.
  useEffect(() => setCanShare(typeof navigator !== 'undefined' && typeof navigator.share === 'function'), [])
  // A new link (added or remade) is announced where the manager's focus goes.
  useEffect(() => heading.current?.focus(), [link.portalUrl])
  const message = runnerLinkMessage(link)

  async function share() {
    try {
      await navigator.share({ title: `Deliveries for ${link.name}`, text: message })
    } catch {
      // Closed the share sheet, or the browser refused: the link is still on screen to copy.
    }
  }

  return (
    <section aria-labelledby="runner-link-heading" className="mb-6 space-y-3 rounded-lg border border-green-200 bg-green-50 p-4" data-testid="runner-link-panel">
      <div className="flex items-start justify-between gap-3">
        <h2 id="runner-link-heading" ref={heading} tabIndex={-1} className="text-base font-semibold text-green-900 focus:outline-none">
          {`${link.title}: ${link.name}`}
        </h2>
        <form
          method="get"
          action={dismissTo}
          onSubmit={(e) => {
            e.preventDefault()
            onDismiss()
          }}
        >
          <Button type="submit" variant="secondary" size="sm">
            <X className="h-4 w-4" aria-hidden="true" />
            Dismiss
          </Button>
        </form>
      </div>
      <p className="text-sm text-green-900">
        {`Send ${link.name} this link: it opens their deliveries on their phone, with no password. `}
        {link.replaced ? 'The link they had before no longer works. ' : ''}
        {'This is the only time it is shown; if it is lost, make a new one with New Portal Link.'}
      </p>
      <DispatchCopyField label="Portal link" value={link.portalUrl} />
      <div className="flex flex-wrap gap-2">
        {canShare ? (
          <Button type="button" variant="secondary" onClick={share}>
            <Share2 className="h-4 w-4" aria-hidden="true" />
            Share
          </Button>
        ) : null}
        <a href={smsHref(link.phone, message)} className={buttonClasses('secondary')}>
          <MessageSquare className="h-4 w-4" aria-hidden="true" />
          Send by SMS
        </a>
      </div>
    </section>
  )
}
