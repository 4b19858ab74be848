// What the signed-in person's role lets them do, as the layout read it: pages hide what is refused.
import { useRouteLoaderData } from '@remix-run/react'
import { permissionsOf, type Permission } from '~/areas/organisation/permissions'

const NOTHING = permissionsOf({ role: '' })

export function usePermissions(): Record<Permission, boolean> {
  const data = useRouteLoaderData('routes/_app+/_layout') as { may?: Record<Permission, boolean> } | undefined
  return data?.may ?? NOTHING
}
