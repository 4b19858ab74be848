// The modal as the server renders it: what a manager sees before (or without) any JavaScript.
import { renderToString } from 'react-dom/server'
// Remix's own router underneath @remix-run/react; a memory router is enough for the dialog's links.
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { describe, expect, test } from 'vitest'
import { expectedModules, svgModules } from '../../../../tests/fixtures/qr'
import { qrSvg } from '~/areas/catalogue/qr.server'
import { QrModal } from './qr-modal'

const URL = 'https://stockrun.example/vendor/p-1'

async function render(property: { id: string; name: string; qrCodeUrl: string | null }, svg: string | null) {
  // A data router, as on the server: the dialog reads route matches for its labels' language.
  const handler = createStaticHandler([{ path: '/properties', element: <QrModal property={property} svg={svg} closeTo="/properties" /> }])
  const context = await handler.query(new Request('http://localhost/properties?dialog=qr&property=p-1'))
  if (context instanceof Response) throw context
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />)
}

describe('the QR modal', () => {
  test('shows the code, what it is for, and a download of the PNG', async () => {
    const html = await render({ id: 'p-1', name: 'Harbor View', qrCodeUrl: URL }, await qrSvg(URL))
    expect(html).toContain('role="dialog"')
    expect(html).toContain('QR Code - Harbor View')
    expect(html).toContain('Scan this QR code to access the vendor request form for Harbor View')
    expect(html).toMatch(/<a href="\/qr\/p-1\.png" download=""/)
    expect(html).toContain('aria-label="QR code for Harbor View"')
    const svg = /<svg[^>]*width="256" height="256"[\s\S]*?<\/svg>/.exec(html)?.[0]
    expect(svgModules(svg!)).toEqual(expectedModules(URL))
    expect(html).toMatch(/<a[^>]*aria-label="Close"[^>]*href="\/properties"/)
  })

  test('says the code is not available when the property has no QR link', async () => {
    const html = await render({ id: 'p-1', name: 'Harbor View', qrCodeUrl: null }, null)
    expect(html).toContain('QR Code not available')
    expect(html).not.toContain('/qr/p-1.png')
  })

  test('says the code could not be made when drawing it failed', async () => {
    const html = await render({ id: 'p-1', name: 'Harbor View', qrCodeUrl: URL }, null)
    expect(html).toContain('Failed to generate QR code')
    expect(html).not.toContain('role="img"')
  })
})
