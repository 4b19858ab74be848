// What a vendor roughly sees after scanning, so a manager knows where the code leads before printing it.
// Sample categories only: the real page lists the property's assigned products.
import { Paperclip, Sparkles, Wrench } from 'lucide-react'

const SAMPLE_CATEGORIES = [
  { name: 'Cleaning Supplies', icon: Sparkles, example: 'Paper towels, detergent' },
  { name: 'Maintenance Tools', icon: Wrench, example: 'Light bulbs, filters' },
  { name: 'Office Supplies', icon: Paperclip, example: 'Printer paper, pens' },
]

export function QrVendorPreview({ propertyName, address }: { propertyName: string | null; address: string | null }) {
  return (
    <figure className="mx-auto w-full max-w-xs">
      <div className="rounded-[1.75rem] border-4 border-slate-800 bg-slate-800 p-1 shadow-md">
        <div className="overflow-hidden rounded-[1.35rem] bg-white">
          <div className="bg-brand-600 px-4 pb-4 pt-5 text-white">
            <p className="text-xs uppercase tracking-wide text-brand-100">Request supplies</p>
            <p className="mt-1 break-words text-base font-semibold">{propertyName ?? 'Your property'}</p>
            <p className="break-words text-xs text-brand-100">{address ?? 'Property address'}</p>
          </div>
          <ul className="space-y-2 p-3">
            {SAMPLE_CATEGORIES.map(({ name, icon: Icon, example }) => (
              <li key={name} className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-600">
                  <Icon className="h-4 w-4" aria-hidden="true" />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">{name}</span>
                  <span className="block text-xs text-slate-500">{example}</span>
                </span>
              </li>
            ))}
          </ul>
          <div className="px-3 pb-4">
            <div className="rounded-md bg-slate-100 py-2 text-center text-xs font-medium text-slate-600">Send request</div>
          </div>
        </div>
      </div>
      <figcaption className="mt-2 text-center text-xs text-slate-500">Sample of the vendor page; the real one lists this property&apos;s products.</figcaption>
    </figure>
  )
}
