// Text messages to runners, through Twilio's REST API. Configured by TWILIO_ACCOUNT_SID,
// TWILIO_AUTH_TOKEN and TWILIO_FROM; without them nothing is sent and the caller records "skipped",
// because a missing SMS account must never stop a dispatcher from assigning a delivery.
// Read on every send (not cached) so tests and operators can switch it without a restart.
import { z } from 'zod'

export const TWILIO_API = 'https://api.twilio.com/2010-04-01'

const SmsEnv = z.object({
  TWILIO_ACCOUNT_SID: z.string().trim().min(1),
  TWILIO_AUTH_TOKEN: z.string().trim().min(1),
  TWILIO_FROM: z.string().trim().min(1),
})

export type SmsOutcome = 'sent' | 'failed' | 'skipped'

export function smsConfig() {
  const parsed = SmsEnv.safeParse(process.env)
  return parsed.success ? parsed.data : null
}

/** Sends one message; answers what happened instead of throwing, so a failure is recorded, not raised. */
export async function sendSms(to: string, body: string): Promise<SmsOutcome> {
  const config = smsConfig()
  if (!config) return 'skipped'
  const auth = Buffer.from(`${config.TWILIO_ACCOUNT_SID}:${config.TWILIO_AUTH_TOKEN}`).toString('base64')
  try {
    const res = await fetch(`${TWILIO_API}/Accounts/${encodeURIComponent(config.TWILIO_ACCOUNT_SID)}/Messages.json`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${auth}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        To: to,
        From: config.TWILIO_FROM,
        Body: body,
      }),
      // A slow provider must not hold the dispatcher's request open.
      signal: AbortSignal.timeout(10_000),
    })
    if (!res.ok) {
      console.warn(`SMS to runner failed with ${res.status}`)
      return 'failed'
    }
    return 'sent'
  } catch (err) {
    console.warn('SMS to runner failed:', err instanceof Error ? err.message : err)
    return 'failed'
  }
}
