// The Settings form for the organisation's identity (issue 34): the fields PUT /api/organisation/settings
// takes, with the logo as a file posted with the form (so it works without JavaScript). The file goes
// through the one upload path every image takes; the rest is the API's write.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Invalid, TooLarge } from '~/lib/errors'
import { storeUploadedImage } from '~/lib/images.server'
import { OrganisationIdentityForm } from './organisation-identity.server'
import { updateOrganisationSettings } from './organisation-settings.server'
import { requirePermission, type Actor } from './permissions'

type Saved = { ok: true; name: string } | { ok: false; reply: SubmissionResult<string[]> }

export async function saveIdentityFromForm(actor: Actor & { orgId: string }, formData: FormData): Promise<Saved> {
  requirePermission(actor, 'organisation')
  formData.delete('intent')
  const submission = parseWithZod(formData, { schema: OrganisationIdentityForm })
  if (submission.status !== 'success') return { ok: false, reply: submission.reply() }
  const { logo, removeLogo, ...fields } = submission.value
  let logoUrl: string | null | undefined
  if (logo && logo.size > 0) {
    try {
      // Checked by decoding it, not by its declared type; the re-encoded picture is what invoices show.
      logoUrl = (await storeUploadedImage(logo, { orgId: actor.orgId })).imageUrl
    } catch (err) {
      if (err instanceof Invalid || err instanceof TooLarge) return { ok: false, reply: submission.reply({ fieldErrors: { logo: [err.message] } }) }
      throw err
    }
  } else if (removeLogo) {
    logoUrl = null
  }
  const saved = await updateOrganisationSettings(actor, actor.orgId, { ...fields, ...(logoUrl !== undefined ? { logoUrl } : {}) })
  return { ok: true, name: saved.name }
}
