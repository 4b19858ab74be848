/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
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
