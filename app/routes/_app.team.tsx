// Team (issue 26): who is in the organisation, pending invitations, and the changes owners and admins
// make. Every button is a form post to this page, calling the same model functions as /api/members
// and /api/invitations, so it works without JavaScript; confirmations are URL-driven dialogs.
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHeader } from '~/components/page-header'
import { TeamDialogs, TeamInvitations, TeamMembers } from '~/components/team'
import { organisationTimeZone } from '~/models/organisation-time-zone.server'
import { ButtonLink } from '~/components/ui/button'
import { DomainError } from '~/lib/errors'
import { publicOrigin } from '~/lib/public-url.server'
import { InvitationInput } from '~/lib/schemas/team'
import { redirectWithToast } from '~/lib/toast.server'
import { useStickyActionData } from '~/lib/use-sticky-action-data'
import { inviteMember, listInvitations, resendInvitation, revokeInvitation } from '~/models/invitation.server'
import { changeMemberRole, leaveOrganisation, listMembers, removeMember, RoleInput, transferOwnership } from '~/models/membership.server'
import { permissionsOf, requirePermissionOnPage, type Permission } from '~/models/permissions'
import { displayName } from '~/models/user.server'
import { requireManager } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['invite', 'revoke', 'resend', 'role', 'remove', 'transfer', 'leave'],
  permission: 'work',
  intentPermissions: { invite: 'team', revoke: 'team', resend: 'team', role: 'team', remove: 'team', transfer: 'ownership' },
}

export const meta: MetaFunction = () => [{ title: 'Team · Stockrun' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const may = permissionsOf(manager)
  const [members, invitations, timeZone] = await Promise.all([listMembers(manager.orgId), may.team ? listInvitations(manager.orgId) : null, organisationTimeZone(manager.orgId)])
  return json({ me: manager.userId, organisationName: manager.organisationName, may, members, invitations, timeZone })
}

const DONE: Record<string, string> = {
  invite: 'Invitation Sent',
  resend: 'Invitation Sent Again',
  revoke: 'Invitation Revoked',
  role: 'Role Changed',
  remove: 'Member Removed',
  transfer: 'Ownership Transferred',
}

const NEEDS: Record<string, Permission> = { invite: 'team', resend: 'team', revoke: 'team', role: 'team', remove: 'team', transfer: 'ownership' }

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  form.delete('intent')
  const id = String(form.get('id') ?? form.get('userId') ?? '')
  const inviter = { userId: manager.userId, name: displayName(manager) }
  try {
    if (intent === 'leave') {
      await leaveOrganisation(manager.orgId, manager.userId)
      return redirectWithToast('/', { title: 'You Left the Organisation', description: `You are no longer a member of ${manager.organisationName}.` })
    }
    const needed = NEEDS[intent]
    if (!needed) return redirectWithToast('/team', { title: 'Error', description: 'Unknown action', variant: 'error' })
    // Refused with the reason, as every page intent the policy refuses is (a 403, not a toast).
    requirePermissionOnPage(manager, needed)
    if (intent === 'invite') {
      const submission = parseWithZod(form, { schema: InvitationInput })
      if (submission.status !== 'success') return json({ invite: submission.reply() }, { status: 400 })
      try {
        await inviteMember(manager.orgId, inviter, submission.value, publicOrigin(request))
      } catch (err) {
        // A refusal about this address belongs next to the form, which stays open with what was typed.
        if (err instanceof DomainError) return json({ invite: submission.reply({ formErrors: [err.message] }) }, { status: err.status })
        throw err
      }
      return redirectWithToast('/team', { title: DONE.invite!, description: `${submission.value.email} will get an e-mail with a link to join.` })
    }
    if (intent === 'resend') await resendInvitation(manager.orgId, inviter, id, publicOrigin(request))
    else if (intent === 'revoke') await revokeInvitation(manager.orgId, id)
    else if (intent === 'role') {
      form.delete('userId')
      const submission = parseWithZod(form, { schema: RoleInput })
      if (submission.status !== 'success') return redirectWithToast('/team', { title: 'Role Not Changed', description: 'Choose owner, admin or member.', variant: 'error' })
      await changeMemberRole(manager.orgId, manager.role, id, submission.value.role)
    } else if (intent === 'remove') await removeMember(manager.orgId, manager, id)
    else if (intent === 'transfer') await transferOwnership(manager.orgId, manager, id)
    return redirectWithToast('/team', { title: DONE[intent]! })
  } catch (err) {
    if (err instanceof DomainError) return redirectWithToast('/team', { title: 'Not Changed', description: err.message, variant: 'error' })
    throw err
  }
}

export default function TeamPage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useStickyActionData<SerializeFrom<typeof action>>()
  const inviteResult = actionData && typeof actionData === 'object' && 'invite' in actionData ? actionData.invite : undefined
  return (
    <>
      <PageHeader
        title="Team"
        description={`The people of ${data.organisationName}, their roles, and invitations`}
        action={
          data.may.team ? (
            <ButtonLink to="?dialog=invite" preventScrollReset>
              Invite someone
            </ButtonLink>
          ) : null
        }
      />
      <div className="space-y-6">
        <TeamMembers members={data.members} me={data.me} may={data.may} timeZone={data.timeZone} />
        {data.invitations ? <TeamInvitations invitations={data.invitations} timeZone={data.timeZone} /> : null}
      </div>
      <TeamDialogs members={data.members} invitations={data.invitations} me={data.me} may={data.may} inviteResult={inviteResult} />
    </>
  )
}
