// The Settings page's Integrations section: what it shows and what its form posts do (plain posts, so
// they work without JavaScript). A new key or secret is answered in the page itself, never in a URL.
import { parseWithZod } from '@conform-to/zod/v4'
import { json } from '@remix-run/node'
import { ApiKeyInput, WebhookInput } from '~/areas/integrations/integrations.schema'
import { redirectWithToast } from '~/lib/toast.server'
import { DomainError, Invalid } from '~/lib/errors'
import { createApiKey, listApiKeys, revokeApiKey } from '~/areas/people/api-key.server'
import { can, requirePermission } from '~/areas/organisation/permissions'
import { listWebhookDeliveries, resendWebhookDelivery } from './webhook-delivery.server'
import { createWebhook, deleteWebhook, listWebhooks } from './webhook.server'
import type { Manager } from '~/areas/people/user.server'

export async function integrationsView(manager: Manager) {
  if (!can(manager, 'integrations')) return null
  return { keys: await listApiKeys(manager), webhooks: await listWebhooks(manager), deliveries: await listWebhookDeliveries(manager.orgId, 30) }
}

export async function integrationsAction(manager: Manager, intent: string, form: FormData) {
  try {
    switch (intent) {
      case 'integrations-create-key': {
        const submission = parseWithZod(form, { schema: ApiKeyInput })
        if (submission.status !== 'success') return json({ integrations: { keyForm: submission.reply() } }, { status: 400 })
        const created = await createApiKey(manager, submission.value)
        return json({ integrations: { newKey: { name: created.name, key: created.key } } })
      }
      case 'integrations-revoke-key':
        await revokeApiKey(manager, String(form.get('id')))
        return redirectWithToast('/settings', { title: 'API key revoked', description: 'Calls with it are refused from now on.' })
      case 'integrations-create-webhook': {
        const submission = parseWithZod(form, { schema: WebhookInput })
        if (submission.status !== 'success') return json({ integrations: { webhookForm: submission.reply() } }, { status: 400 })
        try {
          const created = await createWebhook(manager, submission.value)
          return json({ integrations: { newSecret: { url: created.url, secret: created.secret } } })
        } catch (err) {
          // A refused address (private, loopback) is the URL field's message.
          if (err instanceof Invalid) return json({ integrations: { webhookForm: submission.reply({ fieldErrors: { url: [err.message] } }) } }, { status: 400 })
          throw err
        }
      }
      case 'integrations-delete-webhook':
        await deleteWebhook(manager, String(form.get('id')))
        return redirectWithToast('/settings', { title: 'Webhook removed', description: 'No more events will be sent to it.' })
      case 'integrations-resend':
        requirePermission(manager, 'integrations')
        await resendWebhookDelivery(manager.orgId, String(form.get('id')))
        return redirectWithToast('/settings', { title: 'Delivery queued', description: 'It will be sent again within a few seconds.' })
    }
  } catch (err) {
    if (err instanceof DomainError) return json({ integrations: { error: err.message } }, { status: err.status })
    throw err
  }
  return json({ integrations: { error: 'Unknown action' } }, { status: 400 })
}
