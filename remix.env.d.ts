/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// The Remix build, bundled into the production server by other/scripts/build-server.mjs (decision 149).
declare module 'stockrun:remix-build'
