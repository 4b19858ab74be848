// The Team page's parts: the member table, pending invitations and the dialogs they open. What a role
// may not do is not shown (the actions refuse it again). Plain forms, so all of it works without JS.
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation, useSearchParams } from '@remix-run/react'
import { z } from 'zod'
import { Badge } from '~/ui/badge'
import { Button, ButtonLink } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { ConfirmDialog } from '~/ui/confirm-dialog'
import { Dialog } from '~/ui/dialog'
import { Field, SelectField } from '~/ui/field'
import { formatDate } from '~/lib/format'
import { TimeAgo } from '~/ui/time-ago'
import { INVITABLE_ROLES, InvitationInput } from '~/areas/people/team.schema'
import type { Permission } from '~/areas/organisation/permissions'

type Member = { userId: string; email: string; name: string; role: string; joinedAt: string; lastActiveAt: string | null }
type Invitation = { id: string; email: string; role: string; expiresAt: string; expired: boolean }
type May = Record<Permission, boolean>

const ROLE_LABELS: Record<string, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' }
const roleLabel = (role: string) => ROLE_LABELS[role] ?? role

/** Whether this caller may change or remove this member: owners only by an owner, never oneself here. */
const mayManage = (member: Member, me: string, may: May) => may.team && member.userId !== me && (member.role !== 'owner' || may.ownership)

export function TeamMembers({ members, me, may, timeZone }: { members: Member[]; me: string; may: May; timeZone: string }) {
  // The last owner cannot leave (someone must run the organisation): they transfer ownership first.
  const lastOwner = members.filter((m) => m.role === 'owner').length === 1
  return (
    <Card>
      <CardHeader title="Members" description={`${members.length} ${members.length === 1 ? 'person' : 'people'}`} />
      {/* Positioned, so the headers' screen-reader text (absolute) scrolls inside it rather than widening the page. */}
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Members table">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2">Name</th>
              <th scope="col" className="px-4 py-2">E-mail</th>
              <th scope="col" className="px-4 py-2">Role</th>
              <th scope="col" className="whitespace-nowrap px-4 py-2">Joined</th>
              <th scope="col" className="whitespace-nowrap px-4 py-2">Last active</th>
              <th scope="col" className="px-4 py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((m) => (
              <tr key={m.userId} data-testid="member-row">
                <td className="px-4 py-2 font-medium text-slate-900">
                  {m.name} {m.userId === me ? <Badge tone="blue">You</Badge> : null}
                </td>
                <td className="min-w-40 px-4 py-2 text-slate-700 [overflow-wrap:anywhere]">{m.email}</td>
                <td className="px-4 py-2">{mayManage(m, me, may) && m.role !== 'owner' ? <RoleForm member={m} /> : roleLabel(m.role)}</td>
                <td className="whitespace-nowrap px-4 py-2 text-slate-700">{formatDate(m.joinedAt, timeZone)}</td>
                <td className="whitespace-nowrap px-4 py-2 text-slate-700">{m.lastActiveAt ? <TimeAgo date={m.lastActiveAt} /> : 'Never'}</td>
                <td className="px-4 py-2">
                  <div className="flex justify-end gap-2 whitespace-nowrap">
                    {may.ownership && m.role === 'admin' ? (
                      <ButtonLink to={`?transfer=${m.userId}`} variant="secondary" size="sm" preventScrollReset aria-label={`Make ${m.name} the owner`}>
                        Make owner
                      </ButtonLink>
                    ) : null}
                    {mayManage(m, me, may) ? (
                      <ButtonLink to={`?remove=${m.userId}`} variant="secondary" size="sm" preventScrollReset aria-label={`Remove ${m.name}`}>
                        Remove
                      </ButtonLink>
                    ) : null}
                    {m.userId === me && !(lastOwner && m.role === 'owner') ? (
                      <ButtonLink to="?dialog=leave" variant="secondary" size="sm" preventScrollReset>
                        Leave
                      </ButtonLink>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  )
}

function RoleForm({ member }: { member: Member }) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'role' && navigation.formData?.get('userId') === member.userId
  return (
    <Form method="post" preventScrollReset className="flex items-center gap-2 whitespace-nowrap">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={member.userId} />
      <label className="sr-only" htmlFor={`role-${member.userId}`}>
        Role of {member.name}
      </label>
      <select id={`role-${member.userId}`} name="role" defaultValue={member.role} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
        {INVITABLE_ROLES.map((r) => (
          <option key={r} value={r}>
            {roleLabel(r)}
          </option>
        ))}
      </select>
      <Button type="submit" variant="ghost" size="sm" pending={pending} pendingLabel="Saving..." aria-label={`Change role of ${member.name}`}>
        Change
      </Button>
    </Form>
  )
}

export function TeamInvitations({ invitations, timeZone }: { invitations: Invitation[]; timeZone: string }) {
  return (
    <Card>
      <CardHeader title="Pending invitations" description="Links last seven days and work once. Resending sends a new link; the old one stops working." />
      <CardBody>
        {invitations.length === 0 ? (
          <p className="text-sm text-slate-600">No pending invitations.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 py-2" data-testid="invitation-row">
                <span>
                  <strong className="text-slate-900">{i.email}</strong> · {roleLabel(i.role)} ·{' '}
                  {i.expired ? <Badge tone="red">Expired</Badge> : <span className="text-slate-600">expires {formatDate(i.expiresAt, timeZone)}</span>}
                </span>
                <span className="flex gap-2">
                  <InvitationButton id={i.id} intent="resend" label={`Resend invitation to ${i.email}`} text="Resend" />
                  {/* Asks first (a URL-driven dialog, so also without JavaScript): a revoked link cannot be brought back. */}
                  <ButtonLink to={`?revoke=${i.id}`} variant="secondary" size="sm" preventScrollReset aria-label={`Revoke invitation to ${i.email}`}>
                    Revoke
                  </ButtonLink>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  )
}

function InvitationButton({ id, intent, label, text }: { id: string; intent: string; label: string; text: string }) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent && navigation.formData?.get('id') === id
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" size="sm" pending={pending} pendingLabel="Working..." aria-label={label}>
        {text}
      </Button>
    </Form>
  )
}

/** The dialogs the URL opens: invite, leave, remove, transfer ownership, revoke an invitation. */
export function TeamDialogs({
  members,
  invitations,
  me,
  may,
  inviteResult,
}: {
  members: Member[]
  invitations: Invitation[] | null
  me: string
  may: May
  inviteResult?: SubmissionResult<string[]>
}) {
  const [params] = useSearchParams()
  const revoking = may.team ? invitations?.find((i) => i.id === params.get('revoke')) : undefined
  const removing = members.find((m) => m.userId === params.get('remove') && mayManage(m, me, may))
  const receiving = members.find((m) => m.userId === params.get('transfer') && m.role === 'admin' && may.ownership)
  if ((params.get('dialog') === 'invite' || inviteResult) && may.team) return <InviteDialog lastResult={inviteResult} />
  if (params.get('dialog') === 'leave') {
    return (
      <ConfirmDialog title="Leave the organisation?" description="You will lose access to its requests, dispatch and billing until someone invites you again." closeTo="/team" intent="leave" confirmLabel="Leave" pendingLabel="Leaving..." />
    )
  }
  if (removing) {
    return (
      <ConfirmDialog
        title={`Remove ${removing.name}?`}
        description={`${removing.email} loses access at once: their next click signs them out of this organisation.`}
        closeTo="/team"
        intent="remove"
        fields={{ userId: removing.userId }}
        confirmLabel="Remove"
        pendingLabel="Removing..."
      />
    )
  }
  if (revoking) {
    return (
      <ConfirmDialog
        title={`Revoke the invitation to ${revoking.email}?`}
        description="The link in their e-mail stops working at once. You can invite them again later."
        closeTo="/team"
        intent="revoke"
        fields={{ id: revoking.id }}
        confirmLabel="Revoke invitation"
        pendingLabel="Revoking..."
      />
    )
  }
  if (receiving) {
    return (
      <ConfirmDialog
        title={`Make ${receiving.name} the owner?`}
        description={`${receiving.email} becomes the owner and you become an admin. Only the new owner can undo this.`}
        closeTo="/team"
        intent="transfer"
        fields={{ userId: receiving.userId }}
        confirmLabel="Transfer ownership"
        pendingLabel="Transferring..."
      />
    )
  }
  return null
}

// The form also carries its intent, which the strict API schema would refuse.
const InviteForm = z.object(InvitationInput.shape)

function InviteDialog({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'invite'
  const [form, fields] = useForm({
    id: 'invite',
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteForm }),
  })
  return (
    <Dialog title="Invite someone" description="They get an e-mail with a link to join with this role." closeTo="/team">
      <Form method="post" action="/team?dialog=invite" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="invite" />
        {form.errors?.length ? (
          <p role="alert" id={form.errorId} className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            {form.errors.join(' ')}
          </p>
        ) : null}
        <Field label="E-mail" autoComplete="off" errors={fields.email.errors} {...getInputProps(fields.email, { type: 'email' })} />
        <SelectField label="Role" errors={fields.role.errors} {...getSelectProps(fields.role)} defaultValue={fields.role.initialValue ?? 'member'}>
          {INVITABLE_ROLES.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </SelectField>
        <div className="flex justify-end gap-2">
          <ButtonLink to="/team" variant="secondary" replace preventScrollReset>
            Cancel
          </ButtonLink>
          <Button type="submit" pending={pending} pendingLabel="Sending...">
            Send invitation
          </Button>
        </div>
      </Form>
    </Dialog>
  )
}
