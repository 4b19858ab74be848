import { Link } from '@remix-run/react'

/** A refusal (403) read as one: what was refused and why, and the way back, never "Something went wrong". */
export function NotAllowedScreen({ reason }: { reason?: string }) {
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <div className="max-w-md text-center">
        <p className="text-5xl font-bold text-slate-500">403</p>
        <h1 className="mt-4 text-2xl font-semibold">Not allowed</h1>
        <p className="mt-2 text-slate-700">{reason ?? 'Your role in this organisation does not allow this page.'}</p>
        <p className="mt-2 text-slate-600">Ask an owner or admin of your organisation if you need it.</p>
        <Link to="/" className="mt-6 inline-block font-medium text-brand-600 underline">
          Back to the dashboard
        </Link>
      </div>
    </main>
  )
}
