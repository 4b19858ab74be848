import { flatRoutes } from 'remix-flat-routes'

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Remix's own convention reads nothing; remix-flat-routes reads app/routes with its `+` folders, where
  // tests, `*.server.ts` helpers and components sit beside the routes that use them.
  ignoredRouteFiles: ['**/*'],
  routes: async (defineRoutes) =>
    flatRoutes('routes', defineRoutes, {
      ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.server.{ts,tsx}', '**/components/**', '**/README.md'],
    }),
  serverModuleFormat: 'esm',
  // Bundled into the server build so only the icons we use are loaded at start, not all 1,500 (~0.9 MB).
  serverDependenciesToBundle: [/^lucide-react/],
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    // Lazy discovery patched resource routes (polled by fetchers) into the client's route tree
    // mid-navigation and sometimes rendered the 404 page; the full manifest is ~2 KB gzipped.
    v3_lazyRouteDiscovery: false,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Single fetch changes how loaders serialise; we stay on json() until a React Router move.
    v3_singleFetch: false,
  },
}
