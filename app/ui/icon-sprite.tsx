// Icons repeated on every row of a long list, drawn once per page (decision 066).
//
// A lucide icon is an <svg> with two to five shapes, ~400 bytes of HTML and half a dozen React
// elements each time it appears. The billing page showed four of them on each of its 50 invoices,
// twice (the phone cards and the desktop table): 400 icons, 170 KB of its 450 KB and much of its
// render. Here the shapes are defined once as <symbol>s in a hidden <svg>, and each row shows an
// <svg><use href="#…"/></svg> of ~110 bytes that looks the same, with JavaScript or without.
import type { LucideIcon } from 'lucide-react'

export type SpriteIcon<N extends string> = (props: { name: N; className?: string }) => JSX.Element

/**
 * Makes a list's sprite: `Symbols` must be rendered once on any page that shows its `Icon`s (the list
 * component renders it beside its rows). `prefix` keeps the element ids apart from other sprites.
 */
export function iconSprite<N extends string>(prefix: string, icons: Record<N, LucideIcon>) {
  const names = Object.keys(icons) as N[]
  const idOf = (name: N) => `${prefix}-${name}`

  function Symbols() {
    // display:none does not stop <use> from drawing a symbol: the clone takes the <use>'s styles.
    return (
      <svg className="hidden" aria-hidden="true" focusable="false">
        <defs>
          {names.map((name) => {
            const Shape: LucideIcon = icons[name]
            return (
              <symbol key={name} id={idOf(name)} viewBox="0 0 24 24">
                <Shape />
              </symbol>
            )
          })}
        </defs>
      </svg>
    )
  }

  const Icon: SpriteIcon<N> = ({ name, className }) => (
    // No viewBox of its own: the symbol's scales the shape into whatever size the class gives.
    <svg width="24" height="24" className={className} aria-hidden="true">
      <use href={`#${idOf(name)}`} />
    </svg>
  )

  return { Symbols, Icon }
}
