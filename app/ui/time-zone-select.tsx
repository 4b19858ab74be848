// A time zone chosen from the IANA list rather than typed (the organisation's, a standing order's).
// The list comes from the loader, so server and browser render the same options.
import type { ComponentProps } from 'react'
import { SelectField } from './field'

export function TimeZoneSelect({ timeZones, ...select }: { timeZones: readonly string[] } & Omit<ComponentProps<typeof SelectField>, 'children'>) {
  return (
    <SelectField {...select}>
      {timeZones.map((z) => (
        <option key={z} value={z}>
          {z.replace(/_/g, ' ')}
        </option>
      ))}
    </SelectField>
  )
}
