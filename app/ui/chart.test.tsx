import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { BarChart, GroupedColumnChart, wrapLabel } from './chart'

const LONG_PRODUCT = 'Heavy-duty contractor trash bags, 42 gallon (pack of 20)'
const LONG_PROPERTY = 'Brooklyn Heights Commons — North Tower, Building B'

/** What the SVG writes on screen: the text of its <text>/<tspan> marks, without the hover titles. */
function drawnText(svg: string) {
  return [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]!)
}

test('a long name is broken into lines at spaces and never loses a character', () => {
  const lines = wrapLabel(LONG_PRODUCT, 18)
  expect(lines.every((l) => l.length <= 18)).toBe(true)
  expect(lines.join(' ')).toBe(LONG_PRODUCT)
  expect(wrapLabel('Supercalifragilisticexpialidocious', 18)).toEqual(['Supercalifragilist', 'icexpialidocious'])
  expect(wrapLabel('Mop', 18)).toEqual(['Mop'])
})

test('bar and legend labels are drawn whole, with no ellipsis', () => {
  const bars = renderToStaticMarkup(<BarChart id="b" title="Top products" description="d" items={[{ label: LONG_PRODUCT, value: 7 }, { label: 'Mop', value: 2 }]} />)
  expect(bars).not.toContain('…')
  expect(drawnText(bars).join(' ')).toContain(LONG_PRODUCT)

  const columns = renderToStaticMarkup(
    <GroupedColumnChart id="g" title="Spend" description="d" categories={['Jan', 'Feb']} series={[{ name: LONG_PROPERTY, values: [1, 2] }, { name: 'Chelsea Lofts', values: [3, 4] }]} />,
  )
  expect(columns).not.toContain('…')
  expect(drawnText(columns).join(' ')).toContain(LONG_PROPERTY)
})
