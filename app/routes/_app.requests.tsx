import type { MetaFunction } from '@remix-run/node'
import { PagePlaceholder } from '~/components/page-placeholder'

export const meta: MetaFunction = () => [{ title: 'Requests · Stockrun' }]

export default function Page() {
  return <PagePlaceholder title="Requests" description="Every product request across your properties" />
}
