import { PageHeader } from './page-header'
import { EmptyState } from '~/ui/empty-state'

/** A guarded page whose screen is still being built: says so plainly instead of showing a blank. */
export function PagePlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState title="Coming soon">This screen is being built.</EmptyState>
    </>
  )
}
