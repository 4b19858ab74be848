// A page whose forms do several things posts an `intent` naming one; the page's action hands it to
// the function of that name in a table, so the action stays a short dispatch and each intent reads
// as what it means to the person pressing the button.

/**
 * The page's function for `intent`, or undefined for a name the page does not know. Only the table's
 * own names count: a posted "constructor" or "toString" is unknown, not Object.prototype's.
 */
export function intentHandler<T extends object>(handlers: T, intent: FormDataEntryValue | null): T[keyof T] | undefined {
  const name = typeof intent === 'string' ? intent : ''
  return Object.hasOwn(handlers, name) ? handlers[name as keyof T] : undefined
}
