import type { MetaFunction } from '@remix-run/node'
import { PagePlaceholder } from '~/components/page-placeholder'

export const meta: MetaFunction = () => [{ title: 'QR Code Management · Stockrun' }]

export default function Page() {
  return <PagePlaceholder title="QR Code Management" description="Generate and manage property QR codes" />
}
