// The delivery page's information cards (spec §2.18): address with directions, contact, the
// assignment's notes (only when there are some) and the items to deliver.
import type { SerializeFrom } from '@remix-run/node'
import { Navigation } from 'lucide-react'
import type { DeliveryOrder } from '~/areas/deliveries/assignment.server'
import { buttonClasses } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { RequesterDetailsList } from '~/areas/requests/components/requester-details'

export function DeliveryOrderCards({ order, timeZone = 'UTC' }: { order: SerializeFrom<DeliveryOrder>; timeZone?: string }) {
  const property = order.property
  const items = order.request.requestedProducts
  const directions = property.address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(property.address)}` : null
  return (
    <>
      <Card>
        <CardHeader title="Delivery Address" />
        <CardBody className="space-y-3">
          <div className="text-sm">
            <p className="font-medium text-slate-900">{property.name ?? 'No property'}</p>
            {property.address ? <p className="break-words text-slate-700">{property.address}</p> : null}
          </div>
          {directions ? (
            <a href={directions} target="_blank" rel="noreferrer" className={buttonClasses('secondary', 'md', 'h-11 w-full sm:w-auto')}>
              <Navigation className="h-4 w-4" aria-hidden="true" />
              Get Directions
            </a>
          ) : null}
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Contact Information" />
        <CardBody>
          <dl className="grid grid-cols-[auto,1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Runner</dt>
            <dd className="text-slate-900">{order.runner.name}</dd>
            <dt className="text-slate-500">Phone</dt>
            <dd>
              <a href={`tel:${order.runner.phone}`} className="text-brand-700 underline">
                {order.runner.phone}
              </a>
            </dd>
            <dt className="text-slate-500">Vendor</dt>
            <dd className="text-slate-900">{order.request.vendorName}</dd>
          </dl>
        </CardBody>
      </Card>

      {order.request.urgent || order.request.neededBy || order.request.fieldAnswers.length || order.request.photos.length ? (
        <Card>
          <CardHeader title="From the Requester" />
          <CardBody>
            <RequesterDetailsList details={order.request} timeZone={timeZone} photoAlt="Requester’s photo" />
          </CardBody>
        </Card>
      ) : null}

      {order.assignment.notes ? (
        <Card>
          <CardHeader title="Assignment Notes" />
          <CardBody>
            <p className="whitespace-pre-wrap text-sm text-slate-700">{order.assignment.notes}</p>
          </CardBody>
        </Card>
      ) : null}

      <Card>
        <CardHeader title="Items to Deliver" description={`${items.length} ${items.length === 1 ? 'item' : 'items'}`} />
        <CardBody>
          <ul className="divide-y divide-slate-100">
            {items.map((item, i) => (
              <li key={`${item.id ?? item.name}-${i}`} className="flex items-center gap-3 py-2">
                {item.thumbnailUrl || ('imageUrl' in item && item.imageUrl) ? (
                  <img src={item.thumbnailUrl ?? ('imageUrl' in item ? item.imageUrl : '') ?? ''} alt={item.imageAlt ?? ''} className="h-12 w-12 shrink-0 rounded object-cover" />
                ) : null}
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium text-slate-900">{item.name}</p>
                  {item.category ? <p className="text-slate-500">{item.category}</p> : null}
                </div>
                <span className="text-sm font-medium text-slate-900">{`Qty: ${item.quantity}`}</span>
              </li>
            ))}
          </ul>
        </CardBody>
      </Card>
    </>
  )
}
