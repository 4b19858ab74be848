import { Link } from '@remix-run/react'

export function NotFoundScreen() {
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <div className="max-w-md text-center">
        <p className="text-5xl font-bold text-slate-500">404</p>
        <h1 className="mt-4 text-2xl font-semibold">Page Not Found</h1>
        <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className="mt-6 inline-block font-medium text-brand-600 underline">
          Go to the dashboard
        </Link>
      </div>
    </main>
  )
}
