// The pick list as a PDF (GET /api/dispatch/runs/:id/pick-list.pdf): a sheet to carry along the
// shelves, in bin order, with a box to tick per line. Times in the organisation's time zone.
import { tables } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'
import { formatDateTime } from '~/lib/format'
import { renderPdf, type Content, type TDocumentDefinitions } from '~/lib/pdf.server'
import { safeTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { pickListFor, type PickList } from './pick-list.server'

export function pickListDocument(input: { list: PickList; organisationName: string; runnerName: string; depotName: string; timeZone: string; now: Date }): TDocumentDefinitions {
  const { list } = input
  const when = (d: Date) => formatDateTime(d, input.timeZone)
  const short = new Map(list.shortages.map((s) => [s.productId, s]))
  const content: Content[] = [
    { text: input.organisationName, style: 'muted' },
    { text: 'Pick list', style: 'title' },
    { text: `${input.runnerName} · ${input.depotName} · printed ${when(input.now)}`, margin: [0, 2, 0, 4] },
    list.pickedAt ? { text: `Loaded ${when(list.pickedAt)}`, bold: true, margin: [0, 0, 0, 12] } : { text: ' ', margin: [0, 0, 0, 8] },
  ]
  content.push(
    list.lines.length
      ? {
          table: {
            headerRows: 1,
            widths: [60, '*', 50, 70, 40],
            body: [
              ['Bin', 'Product', 'Qty', 'Stops', 'Loaded'].map((text, i) => ({ text, bold: true, alignment: i === 2 ? ('right' as const) : ('left' as const) })),
              ...list.lines.map((l) => {
                const s = short.get(l.productId)
                return [
                  l.bin ?? '—',
                  { text: s ? `${l.name} (short: ${s.available} free of ${s.needed})` : l.name },
                  { text: String(l.quantity), alignment: 'right' as const },
                  l.stops.join(', '),
                  l.picked >= l.quantity ? 'yes' : '[   ]',
                ]
              }),
            ],
          },
          layout: 'lightHorizontalLines',
        }
      : { text: 'Nothing to load: no catalogue products are held for this run.', style: 'muted' },
  )
  return {
    info: { title: 'Pick list' },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    content,
    styles: { title: { fontSize: 20, bold: true }, muted: { fontSize: 9, color: '#64748b' } },
    defaultStyle: { fontSize: 10 },
  }
}

/** The PDF bytes and a file name; NotFound for another organisation's run. */
export async function pickListPdf(orgId: string, runId: string) {
  const list = await pickListFor(orgId, runId)
  const about = await readNow((sql) =>
    sql.one(
      tables
        .selectFrom('Run as r')
        .innerJoin('Organisation as o', 'o.id', 'r.organisationId')
        .leftJoin('Runner as ru', 'ru.id', 'r.runnerId')
        .leftJoin('Depot as d', (join) => join.on('d.id', '=', list.depotId ?? '').onRef('d.organisationId', '=', 'r.organisationId'))
        .select(['o.name as organisationName', 'o.timeZone', 'ru.name as runnerName', 'd.name as depotName'])
        .where('r.id', '=', runId),
    ),
  )
  const pdf = await renderPdf(
    pickListDocument({
      list,
      organisationName: about?.organisationName ?? '',
      runnerName: about?.runnerName ?? '',
      depotName: about?.depotName ?? '',
      timeZone: safeTimeZone(about?.timeZone ?? 'UTC'),
      now: new Date(),
    }),
  )
  return { pdf, fileName: `pick-list-${runId.slice(-8)}.pdf` }
}
