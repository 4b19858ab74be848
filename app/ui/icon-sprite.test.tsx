// A sprite's icons as the server renders them: each row's small <svg> draws the shapes of the lucide
// icon it stands for, from one definition on the page.
import { Eye, Mail } from 'lucide-react'
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { iconSprite } from './icon-sprite'

const { Symbols, Icon } = iconSprite('test-icon', { view: Eye, mail: Mail })

describe('icons drawn from a sprite', () => {
  test('each icon points at a symbol on the page holding the same shapes as the lucide icon', () => {
    const html = renderToString(
      <>
        <Symbols />
        <Icon name="view" className="h-4 w-4" />
        <Icon name="mail" />
      </>,
    )
    const eye = renderToString(<Eye />)
    const symbols = Array.from(html.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g), (m) => [m[1], m[2]] as const)
    expect(symbols.map(([id]) => id)).toEqual(['test-icon-view', 'test-icon-mail'])
    // The symbol holds the very icon lucide draws, so it looks the same.
    expect(symbols[0]![1]).toBe(eye)
    const uses = Array.from(html.matchAll(/<use href="#([^"]+)">/g), (m) => m[1])
    expect(uses).toEqual(['test-icon-view', 'test-icon-mail'])
    // Decorative: hidden from assistive technology, and the sprite itself is not displayed.
    expect(html).toMatch(/^<svg class="hidden" aria-hidden="true"/)
    expect(html).toContain('<svg width="24" height="24" class="h-4 w-4" aria-hidden="true"><use href="#test-icon-view">')
  })

  test('a repeated icon costs a fraction of the lucide icon it replaces', () => {
    const one = renderToString(<Icon name="view" className="h-4 w-4" />)
    const lucide = renderToString(<Eye className="h-4 w-4" aria-hidden="true" />)
    expect(one.length).toBeLessThan(lucide.length / 2)
  })
})
