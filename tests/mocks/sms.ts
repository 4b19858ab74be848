// Twilio's Messages API, mocked: every message is accepted and remembered, except to Twilio's own
// "invalid number" test number, which is refused as the real API does.
import { http, HttpResponse } from 'msw'
import { TWILIO_API } from '../../app/areas/outbox/sms.server'

export const MOCK_SMS_INVALID_NUMBER = '+15005550001'

export const sentMessages: Array<{ to: string; from: string; body: string }> = []

export const smsHandlers = [
  http.post(`${TWILIO_API}/Accounts/:sid/Messages.json`, async ({ request, params }) => {
    if (!request.headers.get('authorization')?.startsWith('Basic ')) {
      return HttpResponse.json({ code: 20003, message: 'Authenticate' }, { status: 401 })
    }
    const form = new URLSearchParams(await request.text())
    const to = form.get('To') ?? ''
    if (to === MOCK_SMS_INVALID_NUMBER) {
      return HttpResponse.json(
        {
          code: 21211,
          message: `The 'To' number ${to} is not a valid phone number.`,
        },
        { status: 400 },
      )
    }
    sentMessages.push({
      to,
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
    })
    return HttpResponse.json(
      {
        sid: `SM${sentMessages.length}`,
        account_sid: params.sid,
        to,
        status: 'queued',
      },
      { status: 201 },
    )
  }),
]
