// The request as a PDF (GET /api/requests/:id/pdf): what was asked for, where, by whom, how its status
// moved and, once delivered, the runner's photo.
import { REQUEST_STATUS_LABELS } from '~/areas/requests/status-labels'
import { db } from '~/lib/db.server'
import { formatDateTime } from '~/lib/format'
import { renderPdf, type Content, type TDocumentDefinitions } from '~/lib/pdf.server'
import { readImage } from '~/lib/storage.server'
import { findRequest, latestDeliveryProof, requestHistory, type DeliveryProofView, type RequestView, type StatusChange } from './request.server'
import { safeTimeZone } from '~/areas/organisation/organisation-time-zone.server'

const STATUS_LABELS: Record<string, string> = REQUEST_STATUS_LABELS

/** The photo's bytes as a data URL: pdfmake may not fetch anything itself (see services/pdf.server.ts). */
async function proofPhoto(proof: { imageUrl: string; thumbnailUrl: string | null }): Promise<string | null> {
  for (const url of [proof.imageUrl, proof.thumbnailUrl]) {
    const file = url?.split(/[?#]/)[0]?.split('/').pop()
    if (!file) continue
    try {
      const image = await readImage(file)
      if (!image) continue
      const bytes = Buffer.from(await new Response(image.body).arrayBuffer())
      return `data:${image.contentType};base64,${bytes.toString('base64')}`
    } catch (err) {
      console.warn('The delivery photo could not be read for the request PDF:', err)
    }
  }
  return null
}

const label = (text: string): Content => ({ text, style: 'label' })

export function requestDocument(input: {
  request: RequestView
  history: StatusChange[]
  proof: (DeliveryProofView & { photo: string | null }) | null
  organisationName: string
  timeZone: string
  /** The requester's photos as data URLs (issue 29), null where one could not be read. */
  requesterPhotos?: Array<string | null>
}): TDocumentDefinitions {
  const { request, history, proof, timeZone } = input
  const when = (d: Date) => formatDateTime(d, timeZone)
  const content: Content[] = [
    { text: input.organisationName, style: 'muted' },
    { text: `Request ${request.orderNumber}`, style: 'title' },
    {
      columns: [
        [label('Status'), { text: STATUS_LABELS[request.status] ?? request.status, margin: [0, 0, 0, 8] }, label('Requested'), when(request.createdAt)],
        [
          label('Property'),
          { text: request.property?.name ?? 'Unknown', bold: true },
          { text: request.property?.address ?? '', margin: [0, 0, 0, 8] },
          label('Vendor'),
          request.vendorName,
        ],
      ],
      columnGap: 24,
      margin: [0, 8, 0, 16],
    },
    { text: 'Items', style: 'heading' },
    {
      table: {
        headerRows: 1,
        widths: ['*', 60],
        body: [
          [{ text: 'Product', bold: true }, { text: 'Quantity', bold: true, alignment: 'right' }],
          ...request.requestedProducts.map((p) => [p.name, { text: String(p.quantity), alignment: 'right' as const }]),
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 16],
    },
  ]
  if (request.notes) content.push({ text: 'Notes', style: 'heading' }, { text: request.notes, margin: [0, 0, 0, 16] })
  // What the requester told us (issue 29), the answers as the questions were asked then.
  if (request.urgent || request.neededBy || request.fieldAnswers.length) {
    content.push({ text: 'From the requester', style: 'heading' })
    const rows: Array<[string, string]> = []
    if (request.urgent) rows.push(['Urgent', 'Yes'])
    if (request.neededBy) rows.push(['Needed by', when(request.neededBy)])
    for (const a of request.fieldAnswers) rows.push([a.label, a.text])
    content.push({ table: { widths: [150, '*'], body: rows.map(([k, v]) => [{ text: k, bold: true }, v]) }, layout: 'lightHorizontalLines', margin: [0, 0, 0, 16] })
  }
  if (input.requesterPhotos?.length) {
    content.push({ text: "Requester's photos", style: 'heading' })
    content.push({
      columns: input.requesterPhotos.map((photo) => (photo ? { image: photo, fit: [150, 150] } : { text: 'Photo not available.', style: 'muted' })),
      columnGap: 8,
      margin: [0, 0, 0, 16],
    })
  }
  content.push({ text: 'Status history', style: 'heading' })
  content.push(
    history.length
      ? {
          table: {
            headerRows: 1,
            widths: [150, 90, '*'],
            body: [
              [{ text: 'When', bold: true }, { text: 'Status', bold: true }, { text: 'Note', bold: true }],
              ...history.map((h) => [when(h.createdAt), STATUS_LABELS[h.status] ?? h.status, h.note ?? '']),
            ],
          },
          layout: 'lightHorizontalLines',
          margin: [0, 0, 0, 16],
        }
      : { text: 'No status changes recorded.', style: 'muted', margin: [0, 0, 0, 16] },
  )
  if (proof) {
    content.push({ text: 'Delivery proof', style: 'heading' }, { text: `Submitted ${when(proof.submittedAt)}`, margin: [0, 0, 0, 4] })
    if (proof.deliveredWithoutCodeAt) content.push({ text: `Delivered without code ${when(proof.deliveredWithoutCodeAt)}: nobody to take it`, bold: true, margin: [0, 0, 0, 4] })
    else if (proof.handoverConfirmedAt) content.push({ text: `Handover code confirmed ${when(proof.handoverConfirmedAt)}`, margin: [0, 0, 0, 4] })
    if (proof.notes) content.push({ text: proof.notes, margin: [0, 0, 0, 8] })
    content.push(proof.photo ? { image: proof.photo, fit: [360, 360] } : { text: 'The delivery photo is not available.', style: 'muted' })
  }
  return {
    info: { title: `Request ${request.orderNumber}` },
    pageSize: 'LETTER',
    pageMargins: [48, 48, 48, 48],
    content,
    styles: {
      title: { fontSize: 20, bold: true, margin: [0, 2, 0, 0] },
      heading: { fontSize: 13, bold: true, margin: [0, 0, 0, 6] },
      label: { fontSize: 9, color: '#64748b' },
      muted: { fontSize: 9, color: '#64748b' },
    },
    defaultStyle: { fontSize: 10 },
  }
}

/** The PDF bytes and a file name; NotFound for another organisation's request. */
export async function requestPdf(orgId: string, id: string) {
  const request = await findRequest(orgId, id)
  const [history, proof, org] = await Promise.all([
    requestHistory(orgId, request.id),
    latestDeliveryProof(orgId, request.id),
    db.organisation.findUniqueOrThrow({ where: { id: orgId }, select: { name: true, timeZone: true } }),
  ])
  const pdf = await renderPdf(
    requestDocument({
      request,
      history,
      proof: proof ? { ...proof, photo: await proofPhoto(proof) } : null,
      organisationName: org.name,
      timeZone: safeTimeZone(org.timeZone),
      // The thumbnails: three full-size photos would make a heavy PDF for little more to see.
      requesterPhotos: await Promise.all(request.photos.map((p) => proofPhoto({ imageUrl: p.thumbnailUrl, thumbnailUrl: p.imageUrl }))),
    }),
  )
  return { pdf, fileName: `${request.orderNumber}.pdf` }
}
