import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
} from '@remix-run/react'
import type { ReactNode } from 'react'
import stylesheet from '~/styles/tailwind.css'
import { Toaster } from '~/ui/toast'
import { NotAllowedScreen } from '~/ui/not-allowed-screen'
import { NotFoundScreen } from '~/ui/not-found-screen'
import { takeToast } from '~/lib/toast.server'
import { useNonce } from '~/lib/nonce'
import { useDocumentLanguage } from '~/i18n/chrome'
import { useInlineStylesheet } from '~/lib/inline-stylesheet'
import { PAGE_ENHANCER, PHOTO_ENHANCER } from '~/lib/enhancer-scripts.server'
import { isLightPage, takesPhotos } from '~/lib/light-page'

// A PNG icon, not an SVG: to draw an SVG icon a phone’s browser builds a page of its own, 6–24 ms of
// the main thread just after the first paint (issue 36, item 5).
export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.png', type: 'image/png' },
]

export const meta: MetaFunction = () => [{ title: 'Stockrun' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await takeToast(request)
  // The moment this answer was made: relative times ("5 minutes ago") count from it while the page
  // hydrates, so the browser's first render reads as the server's HTML did (components/time-ago.tsx).
  return json({ toast, now: Date.now() }, { headers })
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const lang = useDocumentLanguage()
  const handles = useMatches().map((m) => m.handle)
  const light = isLightPage(handles)
  const photos = takesPhotos(handles)
  const inlineCss = useInlineStylesheet()
  return (
    <html lang={lang} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {light && inlineCss ? <style dangerouslySetInnerHTML={{ __html: inlineCss }} /> : <link rel="stylesheet" href={stylesheet} />}
        <Links />
      </head>
      <body className="h-full">
        {children}
        {light ? (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: photos ? `${PAGE_ENHANCER};${PHOTO_ENHANCER}` : PAGE_ENHANCER }} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            <LiveReload nonce={nonce} />
          </>
        )}
      </body>
    </html>
  )
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>()
  const inFlow = useMatches().some((m) => (m.handle as { toastInFlow?: boolean } | undefined)?.toastInFlow === true)
  return (
    <Document>
      <Toaster toast={toast} inFlow={inFlow}>
        <Outlet />
      </Toaster>
    </Document>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const notAllowed = isRouteErrorResponse(error) && error.status === 403
  return (
    <Document>
      {notFound ? (
        <NotFoundScreen />
      ) : notAllowed ? (
        <NotAllowedScreen reason={refusalMessage(error.data)} />
      ) : (
        <main className="mx-auto max-w-lg p-8 text-center">
          <h1 className="text-2xl font-semibold">Something went wrong</h1>
          <p className="mt-2 text-slate-600">
            {isRouteErrorResponse(error) ? refusalMessage(error.data) ?? (error.statusText || `Error ${error.status}`) : 'Please try again in a moment.'}
          </p>
          <a href="/" className="mt-6 inline-block text-brand-600 underline">
            Back to the dashboard
          </a>
        </main>
      )}
    </Document>
  )
}

/** What a refusal said (`{ error }` from the server's limits and guards), when it said something. */
function refusalMessage(data: unknown) {
  if (typeof data === 'object' && data !== null && typeof (data as { error?: unknown }).error === 'string') return (data as { error: string }).error
  return undefined
}
