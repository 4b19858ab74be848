// Outgoing e-mail. SMTP through nodemailer when SMTP_URL is set; otherwise, in development and under
// MOCKS=true, the message is written as an .eml file to a local outbox (OUTBOX_DIR, default
// other/outbox) so it can be opened and checked without a mail server.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { env } from '~/lib/env.server'

const MailEnv = z.object({
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  MAIL_FROM: z.string().trim().min(3).default('Stockrun <no-reply@stockrun.local>'),
  OUTBOX_DIR: z.string().trim().min(1).default('other/outbox'),
})

/** Read on every send, so a test or an operator's restart with new settings needs no reset. */
export function mailConfig() {
  const parsed = MailEnv.safeParse(process.env)
  if (!parsed.success) {
    throw new Error(`Invalid mail settings: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`)
  }
  return parsed.data
}

export class MailNotConfigured extends Error {
  constructor() {
    super('E-mail is not configured on this server (SMTP_URL is not set).')
  }
}

export type Mail = {
  /**
   * The sender's display name: the organisation the message is from (issue 34). The address stays
   * MAIL_FROM's, the one this server may send as; only its name is the organisation's.
   */
  fromName?: string
  to: string
  subject: string
  text: string
  html: string
  /** Extra header lines, e.g. List-Unsubscribe (RFC 2369/8058) on messages a recipient can stop. */
  headers?: Record<string, string>
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>
}

/** MAIL_FROM's address under the organisation's name; MAIL_FROM as it is when no name is given. */
export function senderFor(mailFrom: string, fromName: string | undefined) {
  const name = fromName?.replace(/[\r\n"<>]+/g, ' ').trim()
  if (!name) return mailFrom
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()
  return { name, address }
}

export type MailResult = { delivery: 'smtp' | 'outbox'; messageId: string; file?: string }

const isLocalHost = (smtpUrl: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(smtpUrl).hostname)

/**
 * Mocks must never reach a real mail server: under MOCKS=true an SMTP_URL is honoured only when it
 * points at this machine (the tests' own smtp-server); anything else goes to the outbox.
 */
function transportFor(config: ReturnType<typeof mailConfig>): 'smtp' | 'outbox' {
  const { mocks, NODE_ENV } = env()
  if (config.SMTP_URL && (!mocks || isLocalHost(config.SMTP_URL))) return 'smtp'
  if (mocks || NODE_ENV !== 'production') return 'outbox'
  throw new MailNotConfigured()
}

export async function sendMail(mail: Mail): Promise<MailResult> {
  const config = mailConfig()
  const { fromName, ...rest } = mail
  const message = { from: senderFor(config.MAIL_FROM, fromName), ...rest }
  // Loaded on the first mail, not at start: most processes never send one.
  const { default: nodemailer } = await import('nodemailer')
  if (transportFor(config) === 'smtp') {
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      // A manager is waiting on the answer: fail in seconds, not minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    })
    try {
      const info = await transport.sendMail(message)
      return { delivery: 'smtp', messageId: info.messageId }
    } finally {
      transport.close()
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const info = await transport.sendMail(message)
  const dir = path.resolve(config.OUTBOX_DIR)
  await fs.mkdir(dir, { recursive: true })
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`)
  await fs.writeFile(file, info.message as Buffer)
  return { delivery: 'outbox', messageId: info.messageId, file }
}
