// How a run's distance reads (issue 34): a number only when both ends are real places on the map
// (property-location.server.ts `mappedPoint`); otherwise the page says it does not know.
export function distanceWords(km: number | null) {
  return km === null ? 'distance unknown' : `${km} km`
}
