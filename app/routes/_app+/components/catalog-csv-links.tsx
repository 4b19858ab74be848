// The Products and Logistics pages' header links to their catalogue as CSV: the export anyone may
// download, and the import page for those allowed to import (owners and admins).
import { usePermissions } from '~/areas/organisation/components/use-permissions'
import { ButtonLink, buttonClasses } from '~/ui/button'

export function CatalogCsvLinks({ kind }: { kind: 'products' | 'properties' }) {
  const may = usePermissions()
  return (
    <>
      <a href={`/api/${kind}?format=csv`} download className={buttonClasses('secondary')}>
        Export CSV
      </a>
      {may.import ? (
        <ButtonLink to={kind === 'products' ? '/import' : '/import?kind=properties'} variant="secondary">
          Import CSV
        </ButtonLink>
      ) : null}
    </>
  )
}
