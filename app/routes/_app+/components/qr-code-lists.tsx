// The QR Code Management page's two lists, each searched (?q=) and paged on its own (?active=,
// ?inactive=; decision 101): the properties whose code vendors can scan, with a way to show,
// open or switch it off, and the properties without one, with a way to switch it on.
import { Form, Link, useNavigation } from '@remix-run/react'
import { ExternalLink, QrCode } from 'lucide-react'
import { PageNav, PageSummary } from './catalog-pager'
import { withParams } from '~/areas/requests/components/request-filters'
import { Badge } from '~/ui/badge'
import { iconSprite } from '~/ui/icon-sprite'
import { Button, buttonClasses } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'

/** A property in a list; `generated` is when its code was made, on the organisation's clock. */
export type QrListRow = { id: string; name: string; address: string; qrCodeActive: boolean; generated: string | null }
/** One page of a list, and where it sits among what the search matched. */
export type QrList = { rows: QrListRow[]; total: number; offset: number; page: number; pageCount: number }

// Two icons on each of a list page's 50 rows, drawn once per page from a sprite (decision 066).
const { Symbols: RowIconSymbols, Icon: RowIcon } = iconSprite('qr-row-icon', { qrCode: QrCode, externalLink: ExternalLink })

/** The same screen with the property shown, or another list page; the search and the other list's page are kept. */
export function qrCodesHref(params: URLSearchParams, changes: Record<string, string | null>) {
  return `/qr-codes${withParams(params, changes)}`
}

function ListPages({ list, params, pageParam, label, noun }: { list: QrList; params: URLSearchParams; pageParam: string; label: string; noun: [string, string] }) {
  if (list.pageCount <= 1) return null
  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      <PageSummary offset={list.offset} shown={list.rows.length} total={list.total} noun={noun} />
      <PageNav params={params} page={list.page} pageCount={list.pageCount} pageParam={pageParam} label={label} testId={`${pageParam}-pages`} />
    </div>
  )
}

export function ActiveQrCodes({ list, q, params }: { list: QrList; q: string; params: URLSearchParams }) {
  return (
    <Card>
      <CardHeader title={`Active QR Codes (${list.total})`} />
      <CardBody>
        {list.rows.length === 0 ? (
          <p className="text-sm text-slate-600">
            {q ? `No active QR code matches “${q}”.` : 'No active QR codes yet. Generate one to let vendors request supplies.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.rows.map((p) => (
              <li key={p.id} className="py-3 first:pt-0 last:pb-0">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="break-words font-medium text-slate-900">{p.name}</p>
                    <p className="break-words text-sm text-slate-600">{p.address}</p>
                    <p className="text-xs text-slate-500">
                      {p.generated ? `Generated ${p.generated}` : 'Generated date unknown'}
                    </p>
                  </div>
                  <Badge tone="green" className="shrink-0">
                    Active
                  </Badge>
                </div>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <Link
                    to={qrCodesHref(params, { property: p.id })}
                    preventScrollReset
                    className={buttonClasses('secondary', 'sm')}
                    aria-label={`Show QR code for ${p.name}`}
                  >
                    <RowIcon name="qrCode" className="h-4 w-4" />
                    Show QR
                  </Link>
                  <a
                    href={`/vendor/${p.id}`}
                    target="_blank"
                    rel="noopener"
                    className={buttonClasses('secondary', 'sm')}
                    aria-label={`Open the vendor page for ${p.name} in a new tab`}
                  >
                    <RowIcon name="externalLink" className="h-4 w-4" />
                    Vendor page
                  </a>
                  <StatusForm propertyId={p.id} intent="deactivate" label="Deactivate" name={p.name} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <RowIconSymbols />
        <ListPages list={list} params={params} pageParam="active" label="Pages of active QR codes" noun={['active QR code', 'active QR codes']} />
      </CardBody>
    </Card>
  )
}

export function InactiveQrCodes({ list, q, params }: { list: QrList; q: string; params: URLSearchParams }) {
  return (
    <Card>
      <CardHeader title={`Inactive Properties (${list.total})`} />
      <CardBody>
        {list.rows.length === 0 ? (
          <p className="text-sm text-slate-600">{q ? `No inactive property matches “${q}”.` : 'Every property has an active QR code.'}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.rows.map((p) => (
              <li key={p.id} className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-slate-900">{p.name}</p>
                  <p className="break-words text-sm text-slate-600">{p.address}</p>
                </div>
                <StatusForm propertyId={p.id} intent="activate" label="Activate" name={p.name} />
              </li>
            ))}
          </ul>
        )}
        <ListPages list={list} params={params} pageParam="inactive" label="Pages of inactive properties" noun={['inactive property', 'inactive properties']} />
      </CardBody>
    </Card>
  )
}

function StatusForm({ propertyId, intent, label, name }: { propertyId: string; intent: 'activate' | 'deactivate'; label: string; name: string }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('propertyId') === propertyId && navigation.formData?.get('intent') === intent
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="propertyId" value={propertyId} />
      <Button
        type="submit"
        size="sm"
        variant={intent === 'deactivate' ? 'secondary' : 'primary'}
        pending={busy}
        pendingLabel={intent === 'deactivate' ? 'Deactivating...' : 'Activating...'}
        aria-label={`${label} QR code for ${name}`}
      >
        {label}
      </Button>
    </Form>
  )
}
