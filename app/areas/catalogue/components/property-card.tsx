// One property in the Logistics grid: what it is, whether it and its QR code are live, and what a
// manager can do with it. Every action is a link or a form post, so it all works without JavaScript.
import { Form, Link, useNavigation } from '@remix-run/react'
import { Download, Eye, MapPin, Pencil, QrCode, Trash2 } from 'lucide-react'
import { iconSprite } from '~/ui/icon-sprite'
import { timeAgo } from '~/lib/format'
import { Badge } from '~/ui/badge'
import { Button, ButtonLink, buttonClasses } from '~/ui/button'
import { Card } from '~/ui/card'

export type PropertyCardData = {
  id: string
  name: string
  address: string
  isActive: boolean
  qrCodeActive: boolean
  createdAt: string
  productCount: number
}

// Seven icons on each of a page's 50 cards: drawn once per page from a sprite (decision 066).
const { Symbols, Icon } = iconSprite('property-icon', { download: Download, eye: Eye, mapPin: MapPin, pencil: Pencil, qrCode: QrCode, trash: Trash2 })
/** Rendered once beside the cards: the shapes of their icons. */
export const PropertyCardIcons = Symbols

/** `hrefWith` keeps the list's search when opening a dialog from the card. */
export function PropertyCard({ property, now, hrefWith }: { property: PropertyCardData; now: Date; hrefWith: (param: string, value: string) => string }) {
  const navigation = useNavigation()
  const products = property.productCount === 1 ? '1 product' : `${property.productCount} products`
  const toggling = navigation.state === 'submitting' && navigation.formData?.get('id') === property.id && String(navigation.formData.get('intent')).startsWith('qr-')
  return (
    <Card className="flex w-full flex-col p-4" aria-labelledby={`property-${property.id}`}>
      <div className="flex items-start justify-between gap-3">
        <h3 id={`property-${property.id}`} className="min-w-0 break-words text-base font-semibold text-slate-900">
          {property.name}
        </h3>
        <Badge tone={property.isActive ? 'green' : 'grey'}>{property.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>
      <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-600">
        <Icon name="mapPin" className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
        <span className="min-w-0 break-words">{property.address}</span>
      </p>
      <dl className="mb-4 mt-3 space-y-1 text-sm">
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">QR code</dt>
          <Icon name="qrCode" className={property.qrCodeActive ? 'h-4 w-4 text-green-600' : 'h-4 w-4 text-slate-400'} />
          <dd className={property.qrCodeActive ? 'text-green-700' : 'text-slate-500'}>{property.qrCodeActive ? 'QR Code Active' : 'QR Code Inactive'}</dd>
          <dd className="ml-auto">
            {/* The property's own view on the QR codes page, which the sidebar also leads to. */}
            <Link to={`/qr-codes?property=${property.id}`} className="text-brand-600 hover:underline" aria-label={`QR code of ${property.name}`}>
              QR code
            </Link>
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-slate-500">Products:</dt>
          <dd>
            <Link to={`/properties?edit=${property.id}#product-assignment`} className="text-brand-600 hover:underline" aria-label={`${products} assigned to ${property.name}`}>
              {products}
            </Link>
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-slate-500">Created:</dt>
          <dd>
            <time dateTime={property.createdAt}>{timeAgo(property.createdAt, now)}</time>
          </dd>
        </div>
      </dl>
      <div className="mt-auto space-y-2 border-t border-slate-100 pt-3">
        {property.qrCodeActive ? (
          <div className="grid grid-cols-2 gap-2">
            <ButtonLink to={hrefWith('qr', property.id)} variant="secondary" size="sm" preventScrollReset aria-label={`View QR code of ${property.name}`}>
              <Icon name="eye" className="h-4 w-4" />
              View QR
            </ButtonLink>
            {/* A document request: the route answers the PNG as an attachment. */}
            <a href={`/qr/${property.id}.png`} download className={buttonClasses('secondary', 'sm')} aria-label={`Download QR code of ${property.name}`}>
              <Icon name="download" className="h-4 w-4" />
              Download
            </a>
          </div>
        ) : null}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="id" value={property.id} />
          <input type="hidden" name="intent" value={property.qrCodeActive ? 'qr-deactivate' : 'qr-activate'} />
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            className="w-full"
            pending={toggling}
            pendingLabel="Updating..."
            aria-label={`${property.qrCodeActive ? 'Deactivate QR Code' : 'Activate QR Code'} of ${property.name}`}
          >
            <Icon name="qrCode" className="h-4 w-4" />
            {property.qrCodeActive ? 'Deactivate QR Code' : 'Activate QR Code'}
          </Button>
        </Form>
        <div className="grid grid-cols-2 gap-2">
          <ButtonLink to={hrefWith('edit', property.id)} variant="ghost" size="sm" aria-label={`Edit ${property.name}`}>
            <Icon name="pencil" className="h-4 w-4" />
            Edit
          </ButtonLink>
          <ButtonLink
            to={hrefWith('delete', property.id)}
            variant="ghost"
            size="sm"
            preventScrollReset
            className="text-red-600 hover:bg-red-50"
            aria-label={`Delete ${property.name}`}
          >
            <Icon name="trash" className="h-4 w-4" />
            Delete
          </ButtonLink>
        </div>
      </div>
    </Card>
  )
}
