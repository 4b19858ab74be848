import { Link, type LinkProps } from '@remix-run/react'
import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { cn } from './cn'

type Variant = 'primary' | 'secondary' | 'ghost' | 'destructive'
type Size = 'sm' | 'md'

/**
 * A button's look is one short class per part (`btn btn-secondary btn-sm`, styles/tailwind.css), not
 * the twenty utilities they stand for: a list screen draws hundreds of buttons, and their classes were
 * a fifth of its HTML. Being components, they give way to any utility passed as `className`.
 */
export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', className?: string) {
  return cn('btn', variants[variant], sizes[size], className)
}

// Written out whole: Tailwind keeps a component class only where it finds its name in the code.
const variants: Record<Variant, string> = { primary: 'btn-primary', secondary: 'btn-secondary', ghost: 'btn-ghost', destructive: 'btn-destructive' }
const sizes: Record<Size, string> = { sm: 'btn-sm', md: 'btn-md' }

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size; pending?: boolean; pendingLabel?: string }

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, pending, pendingLabel, children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  )
})

export function ButtonLink({ variant, size, className, ...rest }: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClasses(variant, size, className)} {...rest} />
}
