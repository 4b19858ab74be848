// Team (issue 26): who is in the organisation, pending invitations, and the changes owners and admins
// make. Every button is a form post to this page, calling the same model functions as /api/members
// and /api/invitations, so it works without JavaScript; confirmations are URL-driven dialogs.
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { TeamDialogs, TeamInvitations, TeamMembers } from '~/areas/people/components/team'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { ButtonLink } from '~/ui/button'
import { DomainError } from '~/lib/errors'
import { intentHandler } from '~/lib/intents'
import { publicOrigin } from '~/lib/public-url.server'
import { InvitationInput } from '~/areas/people/team.schema'
import { redirectWithToast } from '~/lib/toast.server'
import { useStickyActionData } from '~/lib/use-sticky-action-data'
import { inviteMember, listInvitations, resendInvitation, revokeInvitation } from '~/areas/people/invitation.server'
import { changeMemberRole, leaveOrganisation, listMembers, removeMember, RoleInput, transferOwnership } from '~/areas/people/membership.server'
import { permissionsOf, requirePermissionOnPage, type Permission } from '~/areas/organisation/permissions'
import { displayName, type Manager } from '~/areas/people/user.server'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

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

/** A form post to Team: who sent it, the form (its intent taken out) and the member or invitation it names. */
type TeamPost = { request: Request; manager: Manager; form: FormData; id: string }

/** Each intent: the permission it needs (anyone may leave) and the task. */
const TEAM_INTENTS = {
  leave: { needs: null, run: leaveTeam },
  invite: { needs: 'team', run: inviteSomeone },
  resend: { needs: 'team', run: resendInvite },
  revoke: { needs: 'team', run: revokeInvite },
  role: { needs: 'team', run: changeRole },
  remove: { needs: 'team', run: removeSomeone },
  transfer: { needs: 'ownership', run: handOverOwnership },
} satisfies Record<string, { needs: Permission | null; run: (post: TeamPost) => Promise<Response> }>

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = await request.formData()
  const task = intentHandler(TEAM_INTENTS, form.get('intent'))
  form.delete('intent')
  const id = String(form.get('id') ?? form.get('userId') ?? '')
  try {
    if (!task) return redirectWithToast('/team', { title: 'Error', description: 'Unknown action', variant: 'error' })
    // Refused with the reason, as every page intent the policy refuses is (a 403, not a toast).
    if (task.needs) requirePermissionOnPage(manager, task.needs)
    return await task.run({ request, manager, form, id })
  } catch (err) {
    if (err instanceof DomainError) return redirectWithToast('/team', { title: 'Not Changed', description: err.message, variant: 'error' })
    throw err
  }
}

const inviterOf = (manager: Manager) => ({ userId: manager.userId, name: displayName(manager) })

async function leaveTeam({ manager }: TeamPost) {
  await leaveOrganisation(manager.orgId, manager.userId)
  return redirectWithToast('/', { title: 'You Left the Organisation', description: `You are no longer a member of ${manager.organisationName}.` })
}

async function inviteSomeone({ request, manager, form }: TeamPost) {
  const submission = parseWithZod(form, { schema: InvitationInput })
  if (submission.status !== 'success') return json({ invite: submission.reply() }, { status: 400 })
  try {
    await inviteMember(manager.orgId, inviterOf(manager), submission.value, publicOrigin(request))
  } catch (err) {
    // A refusal about this address belongs next to the form, which stays open with what was typed.
    if (err instanceof DomainError) return json({ invite: submission.reply({ formErrors: [err.message] }) }, { status: err.status })
    throw err
  }
  return redirectWithToast('/team', { title: 'Invitation Sent', description: `${submission.value.email} will get an e-mail with a link to join.` })
}

async function resendInvite({ request, manager, id }: TeamPost) {
  await resendInvitation(manager.orgId, inviterOf(manager), id, publicOrigin(request))
  return redirectWithToast('/team', { title: 'Invitation Sent Again' })
}

async function revokeInvite({ manager, id }: TeamPost) {
  await revokeInvitation(manager.orgId, id)
  return redirectWithToast('/team', { title: 'Invitation Revoked' })
}

async function changeRole({ manager, form, id }: TeamPost) {
  form.delete('userId')
  const submission = parseWithZod(form, { schema: RoleInput })
  if (submission.status !== 'success') return redirectWithToast('/team', { title: 'Role Not Changed', description: 'Choose owner, admin or member.', variant: 'error' })
  await changeMemberRole(manager.orgId, manager.role, id, submission.value.role)
  return redirectWithToast('/team', { title: 'Role Changed' })
}

async function removeSomeone({ manager, id }: TeamPost) {
  await removeMember(manager.orgId, manager, id)
  return redirectWithToast('/team', { title: 'Member Removed' })
}

async function handOverOwnership({ manager, id }: TeamPost) {
  await transferOwnership(manager.orgId, manager, id)
  return redirectWithToast('/team', { title: 'Ownership Transferred' })
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
