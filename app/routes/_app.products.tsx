import type { MetaFunction } from '@remix-run/node'
import { PagePlaceholder } from '~/components/page-placeholder'

export const meta: MetaFunction = () => [{ title: 'Products · Stockrun' }]

export default function Page() {
  return <PagePlaceholder title="Products" description="Your shared product catalog" />
}
