import type { MetaFunction } from '@remix-run/node'
import { PagePlaceholder } from '~/components/page-placeholder'

export const meta: MetaFunction = () => [{ title: 'Notifications · Stockrun' }]

export default function Page() {
  return <PagePlaceholder title="Notifications" description="System alerts and updates" />
}
