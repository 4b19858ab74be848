import type { MetaFunction } from '@remix-run/node'
import { PagePlaceholder } from '~/components/page-placeholder'

export const meta: MetaFunction = () => [{ title: 'Request Management · Stockrun' }]

export default function Page() {
  return <PagePlaceholder title="Request Management" description="Incoming product requests from your properties" />
}
