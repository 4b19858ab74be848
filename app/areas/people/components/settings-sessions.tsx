// Settings → Sessions: sign out of every browser and device at once (a lost laptop, a shared PC).
import { Form } from '@remix-run/react'
import { Button } from '~/ui/button'
import { Card, CardBody, CardHeader } from '~/ui/card'

export const SIGN_OUT_EVERYWHERE = 'sign-out-everywhere'

export function SettingsSessions() {
  return (
    <Card>
      <CardHeader title="Sessions" description="Signed in somewhere you no longer use? End every session, including this one." />
      <CardBody>
        <Form method="post">
          <input type="hidden" name="intent" value={SIGN_OUT_EVERYWHERE} />
          <Button type="submit" variant="destructive">
            Sign out everywhere
          </Button>
        </Form>
      </CardBody>
    </Card>
  )
}
