// Settings: how runs are planned and estimated, and when a waiting request is overdue (issue 30).
// A plain form with its own button: typing an address must not send the form at every key.
import { Form } from '@remix-run/react'
import { Button } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'
import { Field } from '~/ui/field'

export function SettingsRuns({
  depotAddress,
  averageSpeedKmh,
  minutesPerStop,
  overdueAfterMinutes,
  canChange,
  errors,
}: {
  depotAddress: string | null
  averageSpeedKmh: number
  minutesPerStop: number
  overdueAfterMinutes: number | null
  canChange: boolean
  errors?: Record<string, string[] | null | undefined>
}) {
  return (
    <Card>
      <CardHeader title="Runs and Alerts" description={canChange ? 'Where runs start, how arrival times are estimated, and when a waiting order is overdue.' : 'Only owners and admins can change these.'} />
      <CardBody>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="organisation" />
          <Field
            label="Depot address"
            name="depotAddress"
            defaultValue={depotAddress ?? ''}
            disabled={!canChange}
            errors={errors?.depotAddress ?? undefined}
            hint="Runs start here when the runner has not shared a position."
          />
          <Field
            label="Average speed (km/h)"
            name="averageSpeedKmh"
            type="number"
            min={1}
            max={200}
            step="any"
            required
            defaultValue={averageSpeedKmh}
            disabled={!canChange}
            errors={errors?.averageSpeedKmh ?? undefined}
          />
          <Field
            label="Time per stop (minutes)"
            name="minutesPerStop"
            type="number"
            min={0}
            max={240}
            required
            defaultValue={minutesPerStop}
            disabled={!canChange}
            errors={errors?.minutesPerStop ?? undefined}
          />
          <Field
            label="Overdue after (minutes pending)"
            name="overdueAfterMinutes"
            type="number"
            min={1}
            max={10080}
            defaultValue={overdueAfterMinutes ?? ''}
            disabled={!canChange}
            errors={errors?.overdueAfterMinutes ?? undefined}
            hint="Leave blank for no overdue alerts."
          />
          {canChange ? <Button type="submit">Save run settings</Button> : null}
        </Form>
      </CardBody>
    </Card>
  )
}
