// A real SMTP receiver (smtp-server) on a free local port that keeps every message it accepts, and a
// small MIME reader for what tests need from them: headers, the text and HTML bodies, attachments.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { from: string; to: string[]; raw: string }

export async function startSmtp(options: { reject?: string } = {}) {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.reject) {
        const err = new Error(options.reject) as Error & { responseCode: number }
        err.responseCode = 550
        callback(err)
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type MimePart = { headers: Record<string, string>; body: string }

function splitHeaders(raw: string): MimePart {
  const at = raw.search(/\r?\n\r?\n/)
  const head = at === -1 ? raw : raw.slice(0, at)
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

/** Every leaf part of a message, nested multiparts flattened. */
export function mimeParts(raw: string): MimePart[] {
  const part = splitHeaders(raw)
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1]
  if (!boundary) return [part]
  const pieces = part.body.split(`--${boundary}`).slice(1)
  return pieces.filter((p) => !p.startsWith('--')).flatMap((p) => mimeParts(p.replace(/^\r?\n/, '')))
}

/** A part's content, with its transfer encoding undone. */
export function decodePart(part: MimePart): Buffer {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase()
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
  if (encoding === 'quoted-printable') {
    const text = part.body.replace(/=\r?\n/g, '')
    const bytes: number[] = []
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
        bytes.push(parseInt(text.slice(i + 1, i + 3), 16))
        i += 2
      } else bytes.push(text.charCodeAt(i))
    }
    return Buffer.from(bytes)
  }
  return Buffer.from(part.body, 'utf8')
}

export function headerOf(raw: string, name: string) {
  return splitHeaders(raw).headers[name.toLowerCase()] ?? ''
}
