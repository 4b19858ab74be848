// A link to hand over (a runner's portal, a delivery): shown read-only so it can be selected by hand,
// with a Copy button once JavaScript is running.
import { Copy } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Button } from '~/ui/button'
import { inputClasses } from '~/ui/field'
import { useToast } from '~/ui/toast'

export function DispatchCopyField({ label, value }: { label: string; value: string }) {
  const id = useId()
  const [hydrated, setHydrated] = useState(false)
  const toast = useToast()
  useEffect(() => setHydrated(true), [])
  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      toast({ title: 'Link Copied' })
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Select the link and copy it by hand.',
        variant: 'error',
      })
    }
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={id} readOnly value={value} className={inputClasses} onFocus={(e) => e.currentTarget.select()} />
        {hydrated ? (
          <Button type="button" variant="secondary" onClick={copy}>
            <Copy className="h-4 w-4" aria-hidden="true" />
            Copy
          </Button>
        ) : null}
      </div>
    </div>
  )
}
