// Richer proof (issue 16): who received it, a drawn signature, when and where it was taken; the
// manager's proof view and the invoice PDF show them. Posted as the delivery page's plain form.
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { givenAssignment } from '../../../tests/fixtures/dispatch'
import { organisationOf } from '../../../tests/fixtures/people'
import { pdfText } from '../../../tests/support/pdf'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

const jpeg = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } }).jpeg().toBuffer()
const signaturePng = async () =>
  `data:image/png;base64,${(await sharp({ create: { width: 320, height: 140, channels: 3, background: '#ffffff' } }).png().toBuffer()).toString('base64')}`

async function postProof(assignmentId: string, token: string, fields: Record<string, string>) {
  const form = new FormData()
  form.set('intent', 'proof')
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  form.set('photo', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'proof.jpg')
  return app.client().fetch(`/delivery/${assignmentId}/${encodeURIComponent(token)}`, { method: 'POST', body: form })
}


describe('richer delivery proof', () => {
  test('name, signature, capture time and place reach the manager’s proof view and the invoice PDF', async () => {
    const manager = await app.signedIn('proof-rich@x.test')
    const org = await organisationOf('proof-rich@x.test')
    const { assignment, linkToken, request } = await givenAssignment(org.id, 'in_transit')
    const takenAt = new Date(Date.now() - 10 * 60_000).toISOString()
    const res = await postProof(assignment.id, linkToken, {
      receivedBy: 'Dana Doorman',
      signature: await signaturePng(),
      capturedAt: takenAt,
      latitude: '42.36008',
      longitude: '-71.05888',
    })
    expect(res.status).toBe(302)

    const proof = await (await manager.get(`/api/requests/${request.id}/delivery-proof`)).json()
    expect(proof).toMatchObject({
      receivedBy: 'Dana Doorman',
      signatureUrl: expect.stringMatching(/^\/images\/.+/),
      capturedAt: takenAt,
      latitude: 42.36008,
      longitude: -71.05888,
    })
    const signature = await app.client().get(proof.signatureUrl)
    expect(signature.status).toBe(200)
    expect(signature.headers.get('content-type')).toMatch(/^image\//)

    // Delivered, then invoiced: the PDF says who took it and where.
    const patched = await app.client().fetch(`/api/dispatch/assign/${assignment.id}`, {
      method: 'PATCH',
      json: { status: 'delivered' },
      headers: { 'X-Runner-Token': linkToken },
    })
    expect(patched.status).toBe(200)
    const invoice = await manager.post('/api/invoices/from-requests', {
      requestIds: [request.id],
      invoiceData: { recipientName: 'Pat Payer', recipientEmail: 'pat@payer.test' },
    })
    expect(invoice.status, await invoice.clone().text()).toBe(201)
    const pdf = await manager.get(`/api/invoices/${(await invoice.json()).id}/pdf`)
    expect(pdf.status).toBe(200)
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()))
    expect(text).toContain('Received by Dana Doorman')
    expect(text).toMatch(/42\.36008,\s+-71\.05888/)
  })

  test('without JavaScript the typed name is enough; an implausible capture time becomes the server’s', async () => {
    const manager = await app.signedIn('proof-plain@x.test')
    const org = await organisationOf('proof-plain@x.test')
    const { assignment, linkToken, request } = await givenAssignment(org.id, 'in_transit')
    const before = Date.now()
    const res = await postProof(assignment.id, linkToken, { receivedBy: 'Front desk', capturedAt: '2099-01-01T00:00:00.000Z', latitude: '999' })
    expect(res.status).toBe(302)
    const proof = await (await manager.get(`/api/requests/${request.id}/delivery-proof`)).json()
    expect(proof).toMatchObject({ receivedBy: 'Front desk', signatureUrl: null, latitude: null, longitude: null })
    expect(new Date(proof.capturedAt).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(new Date(proof.capturedAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000)
  })

  test('a signature that is not a PNG drawing is refused and nothing is recorded', async () => {
    const manager = await app.signedIn('proof-badsig@x.test')
    const org = await organisationOf('proof-badsig@x.test')
    const { assignment, linkToken, request } = await givenAssignment(org.id, 'in_transit')
    const res = await postProof(assignment.id, linkToken, { signature: 'javascript:alert(1)' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toContain('dialog=proof')
    const proof = await manager.get(`/api/requests/${request.id}/delivery-proof`)
    expect(await proof.text()).not.toContain('javascript')
  })
})
