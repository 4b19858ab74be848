import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

/**
 * A switch that is a real checkbox underneath, so it posts with the form without JavaScript.
 * A hidden "false" goes first so an unchecked switch is sent too; a checked one overrides it.
 */
export function Switch({
  label,
  description,
  name,
  ...input
}: { label: ReactNode; description?: ReactNode; name: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId()
  return (
    <div className="flex items-start justify-between gap-4 py-2">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {description ? <p className="text-xs text-slate-500">{description}</p> : null}
      </div>
      <input type="hidden" name={name} value="false" />
      <input
        {...input}
        id={id}
        name={name}
        value="true"
        type="checkbox"
        role="switch"
        className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:left-0.5 before:top-0.5 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-600 checked:before:translate-x-5 disabled:cursor-not-allowed disabled:opacity-50"
      />
    </div>
  )
}
