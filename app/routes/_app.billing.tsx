import type { MetaFunction } from '@remix-run/node'
import { PagePlaceholder } from '~/components/page-placeholder'

export const meta: MetaFunction = () => [{ title: 'Billing and Invoices · Stockrun' }]

export default function Page() {
  return <PagePlaceholder title="Billing and Invoices" description="Create, send and track invoices" />
}
