// Charts drawn on the server as SVG: readable without JavaScript, printable, and accessible — each has
// a title and description for screen readers, a native tooltip per mark, and its data as a real table.
import type { ReactNode } from 'react'

export const SERIES_COLOURS = ['#1d4ed8', '#15803d', '#b45309', '#7e22ce', '#b91c1c', '#0e7490', '#475569']

type ChartFrameProps = { id: string; title: string; description: string; children: ReactNode; table: ReactNode }

/** A chart with its data table; the table is the chart's text alternative, so it is always in the page. */
export function ChartFrame({ id, title, description, children, table }: ChartFrameProps) {
  return (
    <figure aria-labelledby={`${id}-caption`} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm break-inside-avoid">
      <figcaption id={`${id}-caption`}>
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        <p className="text-sm text-slate-600">{description}</p>
      </figcaption>
      {children}
      <details className="text-sm print:block" open>
        <summary className="cursor-pointer font-medium text-slate-700">Data table</summary>
        {/* Focusable, so a keyboard can scroll a wide table (the 24-hour grid). */}
        <div className="mt-2 max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={`${title}: data table`}>
          {table}
        </div>
      </details>
    </figure>
  )
}

/** Amounts and counts line up on the right; names stay on the left. */
function numeric(rows: Array<Array<string | number>>, column: number) {
  return column > 0 && rows.some((r) => typeof r[column] === 'number' || /^-?\$/.test(String(r[column])))
}

export function DataTable({ id, caption, head, rows }: { id: string; caption: string; head: string[]; rows: Array<Array<string | number>> }) {
  // Once per column, not per cell: the report's table has thousands of rows (a per-cell scan was quadratic).
  const right = head.map((_, c) => numeric(rows, c))
  return (
    <table id={id} className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={h} scope="col" className={`border-b border-slate-200 px-2 py-1 font-medium text-slate-700 ${right[i] ? 'text-right' : ''}`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {row.map((cell, c) =>
              c === 0 ? (
                <th key={c} scope="row" className="border-b border-slate-100 px-2 py-1 font-normal text-slate-800">
                  {cell}
                </th>
              ) : (
                <td key={c} className={`border-b border-slate-100 px-2 py-1 text-slate-800 ${right[c] ? 'text-right tabular-nums' : ''}`}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function SvgChart({ id, title, description, width, height, children }: { id: string; title: string; description: string; width: number; height: number; children: ReactNode }) {
  return (
    <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" preserveAspectRatio="xMinYMin meet">
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  )
}

/**
 * A label broken into lines of at most `width` characters at spaces (a longer word is split), so a
 * product or property name is shown whole instead of cut with an ellipsis. SVG text does not wrap.
 */
export function wrapLabel(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.trim().split(/\s+/)) {
    for (let rest = word; rest; ) {
      const piece = rest.slice(0, width)
      rest = rest.slice(width)
      if (!line) line = piece
      else if (line.length + 1 + piece.length <= width) line = `${line} ${piece}`
      else {
        lines.push(line)
        line = piece
      }
    }
  }
  if (line) lines.push(line)
  return lines.length ? lines : ['']
}

function Lines({ lines, x, y, lineHeight, ...text }: { lines: string[]; x: number; y: number; lineHeight: number; fontSize: number; fill: string; textAnchor?: 'end' }) {
  return (
    <text x={x} y={y} {...text}>
      {lines.map((l, i) => (
        <tspan key={i} x={x} dy={i === 0 ? 0 : lineHeight}>
          {l}
        </tspan>
      ))}
    </text>
  )
}

/** One horizontal bar per item, longest first as given; the value is written at the bar's end. */
export function BarChart({ id, title, description, items, format = String }: {
  id: string
  title: string
  description: string
  items: Array<{ label: string; value: number }>
  format?: (v: number) => string
}) {
  const labelWidth = 140
  const barSpace = 200
  const rowHeight = 28
  const lineHeight = 15
  const max = Math.max(1, ...items.map((i) => i.value))
  // A long name takes more lines and its row grows to hold them; the bar sits in the row's middle.
  let top = 2
  const rows = items.map((item) => {
    const lines = wrapLabel(item.label, 18)
    const height = Math.max(rowHeight, lines.length * lineHeight + 10)
    const row = { item, lines, top, height }
    top += height
    return row
  })
  const height = Math.max(rowHeight, top) + 4
  return (
    <SvgChart id={id} title={title} description={description} width={labelWidth + barSpace + 80} height={height}>
      {items.length === 0 ? (
        <text x={0} y={18} fontSize={13} fill="#475569">No data in this period</text>
      ) : (
        rows.map(({ item, lines, top: y, height: h }, i) => {
          const w = Math.max(2, (item.value / max) * barSpace)
          const middle = y + h / 2
          return (
            <g key={`${item.label}-${i}`}>
              <title>{`${item.label}: ${format(item.value)}`}</title>
              <Lines lines={lines} x={labelWidth - 8} y={middle + 5 - ((lines.length - 1) * lineHeight) / 2} lineHeight={lineHeight} fontSize={13} textAnchor="end" fill="#334155" />
              <rect x={labelWidth} y={middle - (rowHeight - 8) / 2} width={w} height={rowHeight - 8} rx={3} fill={SERIES_COLOURS[0]} />
              <text x={labelWidth + w + 6} y={middle + 5} fontSize={13} fill="#0f172a">{format(item.value)}</text>
            </g>
          )
        })
      )}
    </SvgChart>
  )
}

/** Columns per category (months), one colour per series (properties), with a legend. */
export function GroupedColumnChart({ id, title, description, categories, series, format = String }: {
  id: string
  title: string
  description: string
  categories: string[]
  series: Array<{ name: string; values: number[] }>
  format?: (v: number) => string
}) {
  const width = 600
  const plotTop = 10
  const plotHeight = 180
  const left = 10
  const groupWidth = categories.length ? (width - left) / categories.length : width
  const barWidth = Math.max(2, Math.min(28, (groupWidth - 8) / Math.max(1, series.length)))
  const max = Math.max(1, ...series.flatMap((s) => s.values))
  const legendTop = plotTop + plotHeight + 30
  // Three names to a legend row, each whole on as many lines as it needs; a row is as tall as its longest.
  const legendLines = series.map((s) => wrapLabel(s.name, 28))
  const legendRowTops: number[] = []
  let legendBottom = legendTop
  for (let r = 0; r < Math.ceil(series.length / 3); r++) {
    legendRowTops.push(legendBottom)
    legendBottom += Math.max(...legendLines.slice(r * 3, r * 3 + 3).map((l) => l.length)) * 13 + 5
  }
  const height = legendBottom + 6
  return (
    <SvgChart id={id} title={title} description={description} width={width} height={height}>
      <line x1={left} x2={width} y1={plotTop + plotHeight} y2={plotTop + plotHeight} stroke="#94a3b8" />
      {categories.length === 0 ? <text x={left} y={plotTop + 20} fontSize={13} fill="#475569">No data in this period</text> : null}
      {categories.map((category, c) => {
        const x0 = left + c * groupWidth + (groupWidth - barWidth * series.length) / 2
        return (
          <g key={category}>
            {series.map((s, si) => {
              const value = s.values[c] ?? 0
              const h = (value / max) * plotHeight
              return (
                <rect key={s.name} x={x0 + si * barWidth} y={plotTop + plotHeight - h} width={barWidth - 1} height={h} fill={SERIES_COLOURS[si % SERIES_COLOURS.length]}>
                  <title>{`${s.name}, ${category}: ${format(value)}`}</title>
                </rect>
              )
            })}
            <text x={left + c * groupWidth + groupWidth / 2} y={plotTop + plotHeight + 16} fontSize={11} textAnchor="middle" fill="#334155">{category}</text>
          </g>
        )
      })}
      {series.map((s, si) => (
        <g key={s.name} transform={`translate(${left + (si % 3) * 195}, ${legendRowTops[Math.floor(si / 3)]})`}>
          <title>{s.name}</title>
          <rect width={10} height={10} y={-9} fill={SERIES_COLOURS[si % SERIES_COLOURS.length]} />
          <Lines lines={legendLines[si]!} x={14} y={0} lineHeight={13} fontSize={11} fill="#334155" />
        </g>
      ))}
    </SvgChart>
  )
}

/** A 7 × 24 grid: the darker a cell, the more of the period's requests came in at that weekday and hour. */
export function WeekHeatmap({ id, title, description, cells, dayNames }: {
  id: string
  title: string
  description: string
  cells: number[][]
  dayNames: string[]
}) {
  const cell = 20
  const left = 40
  const top = 16
  const max = Math.max(1, ...cells.flat())
  return (
    <SvgChart id={id} title={title} description={description} width={left + 24 * cell + 4} height={top + 7 * cell + 4}>
      {Array.from({ length: 24 }, (_, h) =>
        h % 3 === 0 ? <text key={h} x={left + h * cell + cell / 2} y={11} fontSize={11} textAnchor="middle" fill="#334155">{String(h).padStart(2, '0')}</text> : null,
      )}
      {cells.map((row, d) => (
        <g key={d}>
          <text x={left - 6} y={top + d * cell + 14} fontSize={12} textAnchor="end" fill="#334155">{dayNames[d]}</text>
          {row.map((count, h) => (
            <rect key={h} x={left + h * cell} y={top + d * cell} width={cell - 2} height={cell - 2} rx={2} fill={SERIES_COLOURS[0]} fillOpacity={count === 0 ? 0.05 : 0.15 + 0.85 * (count / max)}>
              <title>{`${dayNames[d]} ${String(h).padStart(2, '0')}:00: ${count} requests`}</title>
            </rect>
          ))}
        </g>
      ))}
    </SvgChart>
  )
}
