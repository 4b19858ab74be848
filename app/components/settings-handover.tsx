// Settings: whether a runner needs the vendor's handover code to mark a delivery delivered.
// Saves when flipped (with JavaScript) or with its button (without).
import { Form, useFetcher } from '@remix-run/react'
import { Button } from './ui/button'
import { Card, CardBody, CardHeader } from './ui/card'
import { Switch } from './ui/switch'
import { useSendEarlyChanges } from './ui/use-early-changes'

export function SettingsHandover({ requireHandoverCode, canChange }: { requireHandoverCode: boolean; canChange: boolean }) {
  const fetcher = useFetcher()
  const early = useSendEarlyChanges((changed) => canChange && fetcher.submit(changed))
  return (
    <Card>
      <CardHeader title="Deliveries" description={canChange ? 'Rules for every delivery in your organisation.' : 'Only owners and admins can change these.'} />
      <CardBody>
        <Form ref={early} method="post" onChange={(e) => canChange && fetcher.submit(e.currentTarget)}>
          <input type="hidden" name="intent" value="organisation" />
          <Switch
            name="requireHandoverCode"
            label="Require a handover code"
            description="Runners must enter the vendor's 4-digit code to mark a delivery delivered."
            defaultChecked={requireHandoverCode}
            disabled={!canChange}
          />
          {canChange ? (
            <noscript>
              <Button type="submit" className="mt-3">
                Save delivery rules
              </Button>
            </noscript>
          ) : null}
        </Form>
      </CardBody>
    </Card>
  )
}
