// The card the pages outside the app show (sign-in, an invitation link): the Stockrun mark above its content.
import type { ReactNode } from 'react'
import { cn } from './cn'

export function BrandedPanel({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-12">
      <div className={cn('w-full rounded-xl border border-slate-200 bg-white p-6 shadow-sm', wide ? 'max-w-md' : 'max-w-sm')}>
        <div className="mb-6 flex items-center gap-2">
          <span className="grid h-9 w-9 place-items-center rounded-md bg-brand-600 font-bold text-white" aria-hidden="true">
            S
          </span>
          <span className="text-xl font-semibold">Stockrun</span>
        </div>
        {children}
      </div>
    </main>
  )
}
