import type { MetaFunction } from '@remix-run/node'
import { PagePlaceholder } from '~/components/page-placeholder'

export const meta: MetaFunction = () => [{ title: 'Map · Stockrun' }]

export default function Page() {
  return <PagePlaceholder title="Map" description="Requests on the map" />
}
