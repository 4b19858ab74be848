// Vendors', runners' and requesters' pages, and the public API reference (a route's
// `handle.hydrate === false`), are painted from one HTML answer on a slow phone, with the stylesheet
// inlined and a small enhancer script instead of React (decision 040), and are answered without a
// Cross-Origin-Opener-Policy (decision 142).

type RouteHandle = { hydrate?: boolean; photos?: boolean } | undefined

/** Whether a page whose matched routes carry these handles is a light page. */
export function isLightPage(handles: readonly unknown[]) {
  return handles.some((handle) => (handle as RouteHandle)?.hydrate === false)
}

/** Whether a light page takes photos (the photo enhancer rides along with the page's script). */
export function takesPhotos(handles: readonly unknown[]) {
  return handles.some((handle) => (handle as RouteHandle)?.photos === true)
}
