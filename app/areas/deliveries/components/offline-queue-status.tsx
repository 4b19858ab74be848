// Where a runner's phone says what it is holding while there is no signal (issue 16, decision 047):
// empty in the server's markup (so without JavaScript nothing shows), filled by the page enhancer
// with the count and each waiting submission, then "Sent" once the connection is back.
export function OfflineQueueStatus({ className = '' }: { className?: string }) {
  return (
    <div
      data-offline-queue=""
      role="status"
      aria-live="polite"
      className={`rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 empty:hidden data-[sent]:border-emerald-300 data-[sent]:bg-emerald-50 data-[sent]:text-emerald-950 ${className}`}
    />
  )
}
