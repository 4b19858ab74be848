import type { ReactNode } from 'react'
import { cn } from './cn'

export type BadgeTone = 'green' | 'blue' | 'yellow' | 'red' | 'grey' | 'purple'

// Short component classes (styles/tailwind.css), as buttons have: a list draws a badge or two per row.
// Written out whole, not made from the tone: Tailwind keeps a component class only where it finds its name.
const tones: Record<BadgeTone, string> = {
  green: 'badge-green',
  blue: 'badge-blue',
  yellow: 'badge-yellow',
  red: 'badge-red',
  grey: 'badge-grey',
  purple: 'badge-purple',
}

export function Badge({ tone = 'grey', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={cn('badge', tones[tone], className)}>
      {children}
    </span>
  )
}
