// Settings: the organisation's rules for every delivery (whether a runner needs the vendor's handover
// code) and the time zone every date is shown in. Saves when changed (with JavaScript) or with its
// button (without).
import { Form, useFetcher } from '@remix-run/react'
import { Button } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { TimeZoneSelect } from '~/ui/time-zone-select'
import { Switch } from '~/ui/switch'
import { useSendEarlyChanges } from '~/ui/use-early-changes'

export function SettingsHandover({
  requireHandoverCode,
  timeZone,
  timeZones,
  canChange,
  errors,
}: {
  requireHandoverCode: boolean
  timeZone: string
  timeZones: readonly string[]
  canChange: boolean
  errors?: Record<string, string[] | null | undefined>
}) {
  const fetcher = useFetcher()
  const early = useSendEarlyChanges((changed) => canChange && fetcher.submit(changed))
  return (
    <Card>
      <CardHeader title="Deliveries and Time Zone" description={canChange ? 'Rules for every delivery, and the time zone all times are shown in.' : 'Only owners and admins can change these.'} />
      <CardBody>
        <Form ref={early} method="post" onChange={(e) => canChange && fetcher.submit(e.currentTarget)} className="space-y-4">
          <input type="hidden" name="intent" value="organisation" />
          <Switch
            name="requireHandoverCode"
            label="Require a handover code"
            description="Runners must enter the vendor's 4-digit code to mark a delivery delivered."
            defaultChecked={requireHandoverCode}
            disabled={!canChange}
          />
          <TimeZoneSelect
            label="Time zone"
            name="timeZone"
            timeZones={timeZones}
            defaultValue={timeZone}
            disabled={!canChange}
            errors={errors?.timeZone ?? undefined}
            hint="Every date and time in Stockrun, its PDFs, e-mails and CSV files reads in this zone."
          />
          {canChange ? (
            <noscript>
              <Button type="submit" className="mt-3">
                Save organisation settings
              </Button>
            </noscript>
          ) : null}
        </Form>
      </CardBody>
    </Card>
  )
}
