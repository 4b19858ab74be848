// What a runner or a link holder sees when the token does not open the page (spec §2.17, §2.18, §8).
import { ShieldAlert } from 'lucide-react'

export function DeliveryAccessDenied({ message }: { message: string }) {
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-5 text-center">
        <ShieldAlert className="mx-auto h-8 w-8 text-red-600" aria-hidden="true" />
        <h1 className="mt-2 text-lg font-semibold text-red-900">Access Denied</h1>
        <p className="mt-1 text-sm text-red-800">{message}</p>
      </div>
    </main>
  )
}
