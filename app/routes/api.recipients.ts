// GET /api/recipients: the organisation's saved recipients, to prefill an invoice.
import { apiLoader } from '~/lib/http.server'
import { listRecipients } from '~/models/recipient.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  return listRecipients(manager.orgId)
})
