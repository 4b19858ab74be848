// Statements of the hot paths, built and compiled once (decision 125). Building a statement with the
// typed builder and compiling it costs tens of microseconds of CPU and garbage, on every call; on a
// vendor submission's dozen statements that took a quarter off the rate a building can send at. Here
// the builder runs once with a placeholder for each named parameter, the compiled text is kept, and
// each call only puts the values where their placeholders were. What comes out is still a statement
// built against the schema (a Compilable with its result type) for the runner in sql.server.ts.
import type { Compilable, CompiledQuery } from 'kysely'

/** A named parameter while the statement is compiled; any other use of it than as a value throws. */
class Placeholder {
  constructor(readonly pick: (input: unknown) => unknown, readonly name: string) {}
  private misused(): never {
    throw new Error(`Parameter "${this.name}" is a placeholder while its statement is compiled: pass it to the builder as a value, do not compute with it`)
  }
  [Symbol.toPrimitive]() {
    return this.misused()
  }
  toString() {
    return this.misused()
  }
  valueOf() {
    return this.misused()
  }
  toJSON() {
    return this.misused()
  }
}

type Template = {
  compiled: CompiledQuery
  /** Each positional parameter: where its value comes from in a call's input, or the constant the statement holds. */
  slots: Array<((input: unknown) => unknown) | { constant: unknown }>
  names: string[]
}

/** Stands in for a call's named values while `build` runs: every name read gets its placeholder, noted in `names` and `all`. */
function placeholdersFor(pickFrom: (input: unknown) => Record<string, unknown>, label: string, names: string[], all: Set<Placeholder>) {
  const made = new Map<string, Placeholder>()
  return new Proxy({} as Record<string, unknown>, {
    get(_, name) {
      if (typeof name !== 'string') return undefined
      let placeholder = made.get(name)
      if (!placeholder) {
        placeholder = new Placeholder((input) => pickFrom(input)[name], `${label}${name}`)
        made.set(name, placeholder)
        all.add(placeholder)
        if (!names.includes(name)) names.push(name)
      }
      return placeholder
    },
  })
}

function compileTemplate(query: Compilable, names: string[], placeholders: Set<Placeholder>): Template {
  const compiled = query.compile()
  const used = new Set<Placeholder>()
  const slots = compiled.parameters.map((value) => {
    if (!(value instanceof Placeholder)) return { constant: value }
    used.add(value)
    return value.pick
  })
  // A name read but never bound went into the statement's shape (a column list, an `in` list), which
  // would then be the first call's for every call.
  for (const p of placeholders) if (!used.has(p)) throw new Error(`Parameter "${p.name}" is not a value of the statement`)
  return { compiled, slots, names }
}

function bound<O>(template: Template, input: unknown): Compilable<O> {
  const parameters = template.slots.map((slot) => (typeof slot === 'function' ? slot(input) : slot.constant))
  const compiled = { ...template.compiled, parameters } as CompiledQuery<O>
  return { compile: () => compiled }
}

function checkValues(values: Record<string, unknown>, names: string[], where: string) {
  let given = 0
  for (const key in values) if (Object.hasOwn(values, key)) given++
  for (const name of names) {
    if (values[name] === undefined) throw new Error(`No value for parameter "${name}"${where} (null, not undefined, stores NULL)`)
  }
  if (given !== names.length) throw new Error(`${given} values for the ${names.length} parameters (${names.join(', ')})${where}`)
}

/**
 * `build` once, with placeholders for its named parameters; each call binds `values` in their places.
 * The names and their types are `build`'s parameter's, so a call with a name the statement does not
 * have, or without one it has, does not compile (nor run: it throws). A parameter must go into the
 * statement as a value (`where(col, '=', p.x)`, `values({ col: p.x })`), never shape it: a statement
 * whose text would depend on a value (an `in` list, an optional column) cannot be compiled once.
 */
export function compiledOnce<P extends Record<string, unknown>, O>(build: (p: P) => Compilable<O>): (values: P) => Compilable<O> {
  let template: Template | undefined
  return (values) => {
    if (!template) {
      const names: string[] = []
      const all = new Set<Placeholder>()
      template = compileTemplate(build(placeholdersFor((input) => input as Record<string, unknown>, '', names, all) as P), names, all)
    }
    checkValues(values, template.names, '')
    return bound(template, values)
  }
}

/**
 * The same for a statement over many rows (a multi-row insert): `build` gets as many rows of
 * placeholders as the call has rows. Each row count has its own text, compiled on its first call
 * and kept, the `keep` most recently used of them; a call of no rows, or of more than `most`, refuses.
 */
export function compiledForRows<R extends Record<string, unknown>, O>(
  build: (rows: R[]) => Compilable<O>,
  { most = 100, keep = 16 }: { most?: number; keep?: number } = {},
): ((rows: R[]) => Compilable<O>) & { keptCounts: () => number[] } {
  const templates = new Map<number, Template>()
  const call = (rows: R[]) => {
    if (rows.length === 0 || rows.length > most) throw new Error(`${rows.length} rows for a statement of 1 to ${most}`)
    let template = templates.get(rows.length)
    if (template) {
      // The most recently used last, so the one dropped is the longest unused.
      templates.delete(rows.length)
    } else {
      const names: string[] = []
      const all = new Set<Placeholder>()
      const placeholders = Array.from({ length: rows.length }, (_, i) => placeholdersFor((input) => (input as R[])[i]!, `rows[${i}].`, names, all) as R)
      template = compileTemplate(build(placeholders), names, all)
      if (templates.size >= keep) templates.delete(templates.keys().next().value!)
    }
    templates.set(rows.length, template)
    rows.forEach((row, i) => checkValues(row, template.names, ` in row ${i}`))
    return bound(template, rows)
  }
  return Object.assign(call, { keptCounts: () => [...templates.keys()] })
}
