import type { ReactNode } from 'react'
import { cn } from './cn'

export type BadgeTone = 'green' | 'blue' | 'yellow' | 'red' | 'grey' | 'purple'

const tones: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800',
  blue: 'bg-blue-100 text-blue-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  red: 'bg-red-100 text-red-800',
  grey: 'bg-slate-100 text-slate-700',
  purple: 'bg-purple-100 text-purple-800',
}

export function Badge({ tone = 'grey', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', tones[tone], className)}>
      {children}
    </span>
  )
}
