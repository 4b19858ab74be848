// Page actions answer domain errors the way a person expects: a toast saying what went wrong and
// nothing changed, instead of an error page.
import { DomainError, Invalid } from './errors'
import { redirectWithToast } from './toast.server'

/**
 * Runs a page action's work; a NotFound, Conflict, Forbidden or Invalid thrown by a model becomes an
 * error toast on `backTo` with the given title. Anything else is a real failure and propagates.
 */
export async function withErrorToast<T>(backTo: string, title: string, work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof DomainError || err instanceof Invalid) {
      return redirectWithToast(backTo, { title, description: err.message, variant: 'error' })
    }
    throw err
  }
}
