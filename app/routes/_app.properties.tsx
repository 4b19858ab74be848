import type { MetaFunction } from '@remix-run/node'
import { PagePlaceholder } from '~/components/page-placeholder'

export const meta: MetaFunction = () => [{ title: 'Logistics · Stockrun' }]

export default function Page() {
  return <PagePlaceholder title="Logistics" description="Manage your property portfolio and QR codes from one place" />
}
