// A form that saves as soon as a control changes does it from React's onChange, which exists only
// once the page's script has loaded. On a slow phone a manager can flip a switch before that: the
// switch shows the new state and nothing is saved. React keeps a checkbox's state and a field's
// text through hydration, so once the script is ready the form is sent if anything in it differs
// from how the page was rendered.
import { useEffect, useRef } from 'react'

function changedSinceRendered(form: HTMLFormElement) {
  return Array.from(form.elements).some((control) => {
    if (control instanceof HTMLInputElement) {
      if (control.type === 'checkbox' || control.type === 'radio') return control.checked !== control.defaultChecked
      if (control.type === 'hidden' || control.type === 'file') return false
      return control.value !== control.defaultValue
    }
    return control instanceof HTMLTextAreaElement && control.value !== control.defaultValue
  })
}

/** The ref for a save-on-change form: `send` runs once, when the page becomes interactive, if the form was changed before. */
export function useSendEarlyChanges(send: (form: HTMLFormElement) => void) {
  const ref = useRef<HTMLFormElement>(null)
  useEffect(() => {
    const form = ref.current
    if (form && changedSinceRendered(form)) send(form)
    // Only the first moment the page is interactive matters; later changes go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return ref
}
