// The Settings page's Integrations section: what it shows and what its form posts do (plain posts, so
// they work without JavaScript). A new key or secret is answered in the page itself, never in a URL.
import { json } from '@remix-run/node'
import { invalidFromZod } from '~/lib/http.server'
import { ApiKeyInput, WebhookInput } from '~/lib/schemas/integrations'
import { redirectWithToast } from '~/lib/toast.server'
import { DomainError } from '~/lib/errors'
import { canManageKeys, createApiKey, listApiKeys, revokeApiKey } from './api-key.server'
import { listWebhookDeliveries, resendWebhookDelivery } from './webhook-delivery.server'
import { createWebhook, deleteWebhook, listWebhooks } from './webhook.server'
import type { Manager } from './user.server'

export async function integrationsView(manager: Manager) {
  if (!canManageKeys(manager)) return null
  return { keys: await listApiKeys(manager), webhooks: await listWebhooks(manager), deliveries: await listWebhookDeliveries(manager.orgId, 30) }
}

export async function integrationsAction(manager: Manager, intent: string, form: FormData) {
  try {
    switch (intent) {
      case 'integrations-create-key': {
        const parsed = ApiKeyInput.safeParse({ name: form.get('name'), scopes: form.getAll('scopes') })
        if (!parsed.success) throw invalidFromZod(parsed.error)
        const created = await createApiKey(manager, parsed.data)
        return json({ integrations: { newKey: { name: created.name, key: created.key } } })
      }
      case 'integrations-revoke-key':
        await revokeApiKey(manager, String(form.get('id')))
        return redirectWithToast('/settings', { title: 'API key revoked', description: 'Calls with it are refused from now on.' })
      case 'integrations-create-webhook': {
        const parsed = WebhookInput.safeParse({ url: form.get('url'), events: form.getAll('events') })
        if (!parsed.success) throw invalidFromZod(parsed.error)
        const created = await createWebhook(manager, parsed.data)
        return json({ integrations: { newSecret: { url: created.url, secret: created.secret } } })
      }
      case 'integrations-delete-webhook':
        await deleteWebhook(manager, String(form.get('id')))
        return redirectWithToast('/settings', { title: 'Webhook removed', description: 'No more events will be sent to it.' })
      case 'integrations-resend':
        if (!canManageKeys(manager)) break
        await resendWebhookDelivery(manager.orgId, String(form.get('id')))
        return redirectWithToast('/settings', { title: 'Delivery queued', description: 'It will be sent again within a few seconds.' })
    }
  } catch (err) {
    if (err instanceof DomainError) return json({ integrations: { error: err.message } }, { status: err.status })
    throw err
  }
  return json({ integrations: { error: 'Unknown action' } }, { status: 400 })
}
