import type { MetaFunction } from '@remix-run/node'
import { PagePlaceholder } from '~/components/page-placeholder'

export const meta: MetaFunction = () => [{ title: 'Dispatch Management · Stockrun' }]

export default function Page() {
  return <PagePlaceholder title="Dispatch Management" description="Assign runners to pending orders" />
}
