// /invite/:token (issue 26): the link in an invitation e-mail. Signed out, it signs in through the
// identity provider and comes back here (no organisation of their own is made on the way); signed in
// with the invited address, one button joins; any other address, or a used, revoked or expired link,
// gets a page that says so and joins nothing; a used link reopened by someone who joined takes them in.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { BrandedPanel } from '~/ui/branded-panel'
import { Button } from '~/ui/button'
import { DomainError } from '~/lib/errors'
import { roleWithArticle } from '~/lib/format'
import { redirectWithToast, toastHeader } from '~/lib/toast.server'
import { acceptInvitation, invitationBehind, type InvitationState } from '~/areas/people/invitation.server'
import { findManager } from '~/areas/people/signed-in-manager.server'
import { activeOrganisationId, chooseOrganisation, providerName, signedInPerson } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['anonymous'], methods: ['GET', 'HEAD', 'POST'] }

export const meta: MetaFunction = () => [{ title: 'Invitation · Stockrun' }]

const STATUS: Record<InvitationState, number> = { pending: 200, unknown: 404, expired: 410, revoked: 410, accepted: 410 }

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? ''
  const [{ state, invitation }, person] = await Promise.all([invitationBehind(token), signedInPerson(request)])
  const matches = !!person && !!invitation && person.email.toLowerCase() === invitation.email
  // Someone reopening the link they already used wants the organisation, not an error. Switching to it
  // writes their session, which a GET must never do (any machine may be a replica): when they already
  // act for it they go straight there; otherwise the page offers one button that switches (the action).
  const member = state === 'accepted' && !!person && !!invitation && (await findManager(person.userId, invitation.organisationId))?.orgId === invitation.organisationId
  if (member && (await activeOrganisationId(request)) === invitation!.organisationId) {
    return redirectWithToast('/', youAreIn(invitation!.organisationName))
  }
  const status = member ? 200 : state === 'pending' && person && !matches ? 403 : STATUS[state]
  return json(
    {
      state,
      invitation: invitation ? { email: invitation.email, role: invitation.role, organisationName: invitation.organisationName } : null,
      signedInAs: person?.email ?? null,
      matches,
      member,
      provider: providerName(),
      path: `/invite/${encodeURIComponent(token)}`,
    },
    { status },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? ''
  const back = `/invite/${encodeURIComponent(token)}`
  const person = await signedInPerson(request)
  if (!person) return redirect(`/login?redirectTo=${encodeURIComponent(back)}`)
  const { state, invitation } = await invitationBehind(token)
  if (state === 'accepted' && invitation) {
    // "Go to …" on a link they already used: switch to the organisation they joined by it (if they did).
    if ((await findManager(person.userId, invitation.organisationId))?.orgId !== invitation.organisationId) return redirect(back)
    const response = await chooseOrganisation(request, person.userId, invitation.organisationId, '/')
    response.headers.append('Set-Cookie', await toastHeader(youAreIn(invitation.organisationName)))
    return response
  }
  try {
    const joined = await acceptInvitation(token, person)
    const response = await chooseOrganisation(request, person.userId, joined.orgId, '/')
    response.headers.append('Set-Cookie', await toastHeader({ title: 'Welcome to the Team', description: `You joined ${joined.organisationName} as ${roleWithArticle(joined.role)}.` }))
    return response
  } catch (err) {
    // The page itself says what is wrong with the link or the address.
    if (err instanceof DomainError) return redirect(back)
    throw err
  }
}

const youAreIn = (organisationName: string) => ({ title: `You are in ${organisationName}`, description: 'You already accepted this invitation, so here is its dashboard.' })

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <BrandedPanel wide>
      <h1 className="text-xl font-semibold">{title}</h1>
      <div className="mt-3 space-y-4 text-sm text-slate-700">{children}</div>
    </BrandedPanel>
  )
}

const UNUSABLE: Record<Exclude<InvitationState, 'pending'>, { title: string; text: string }> = {
  unknown: { title: 'This invitation link is not valid', text: 'Check that you opened the whole link from the e-mail, or ask for a new invitation.' },
  expired: { title: 'This invitation has expired', text: 'Invitations last seven days. Ask the person who invited you to send it again.' },
  revoked: { title: 'This invitation was withdrawn', text: 'It can no longer be used. Ask the person who invited you if this is a mistake.' },
  accepted: { title: 'This invitation was already used', text: 'Each invitation link works once. If you accepted it, sign in to continue.' },
}

function SignInToAccept({ email, path, provider, label }: { email: string; path: string; provider: string; label: string }) {
  return (
    <Form method="post" action="/auth/oidc" reloadDocument>
      <input type="hidden" name="redirectTo" value={path} />
      <input type="hidden" name="login_hint" value={email} />
      <Button type="submit" className="w-full">
        {label} with {provider}
      </Button>
    </Form>
  )
}

export default function InvitationPage() {
  const data = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  if (data.member && data.invitation) {
    return (
      <Panel title={`You already joined ${data.invitation.organisationName}`}>
        <p>You accepted this invitation before, so there is nothing more to accept.</p>
        <Form method="post">
          <Button type="submit" className="w-full">
            {`Go to ${data.invitation.organisationName}`}
          </Button>
        </Form>
      </Panel>
    )
  }
  if (data.state !== 'pending' || !data.invitation) {
    const says = UNUSABLE[data.state === 'pending' ? 'unknown' : data.state]
    return (
      <Panel title={says.title}>
        <p>{says.text}</p>
        {data.invitation ? <p>It was for {data.invitation.email} to join {data.invitation.organisationName}.</p> : null}
        <p>
          <a className="font-medium text-brand-700 underline" href="/login">
            Go to sign in
          </a>
        </p>
      </Panel>
    )
  }
  const { invitation } = data
  const invitedAs = roleWithArticle(invitation.role)
  if (!data.signedInAs) {
    return (
      <Panel title={`Join ${invitation.organisationName}`}>
        <p>
          You are invited to join {invitation.organisationName} on Stockrun as {invitedAs}. Sign in with <strong>{invitation.email}</strong> to accept.
        </p>
        <SignInToAccept email={invitation.email} path={data.path} provider={data.provider} label="Sign in" />
      </Panel>
    )
  }
  if (!data.matches) {
    return (
      <Panel title="This invitation is for another address">
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900">
          This invitation is for <strong>{invitation.email}</strong>, but you are signed in as <strong>{data.signedInAs}</strong>. Nothing was joined.
        </p>
        <p>Sign in with {invitation.email} to accept it.</p>
        <SignInToAccept email={invitation.email} path={data.path} provider={data.provider} label={`Sign in as ${invitation.email}`} />
      </Panel>
    )
  }
  const accepting = navigation.state === 'submitting'
  return (
    <Panel title={`Join ${invitation.organisationName}`}>
      <p>
        You are signed in as <strong>{data.signedInAs}</strong>. Accept to join {invitation.organisationName} as {invitedAs}.
      </p>
      <Form method="post">
        <Button type="submit" className="w-full" pending={accepting} pendingLabel="Joining...">
          Accept invitation
        </Button>
      </Form>
    </Panel>
  )
}
