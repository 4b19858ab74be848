// What a person typed into a search box, matched as text anywhere in a column: the one home of the
// rule, for every list that searches with LIKE (requests, depot stock, invoices). Typed `%` and `_`
// are the person's characters, not LIKE's wildcards: "100%" finds "100%", not every "100…".
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely'

/** For expressions of columns already named: it names none itself. */
const e = expressionBuilder<object, never>()

/**
 * The term as LIKE patterns, its `%`, `_` and `\` escaped. LIKE folds case for ASCII only. For other
 * letters (Ñ, Ж, É…) it also tries the term lower-cased, upper-cased and capitalised, which covers how
 * names are written in practice.
 */
export function likePatterns(q: string) {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`)
  const variants = new Set([escaped])
  if ([...q].some((c) => c.charCodeAt(0) > 127)) {
    const lower = escaped.toLocaleLowerCase()
    variants.add(lower).add(escaped.toLocaleUpperCase()).add(lower.charAt(0).toLocaleUpperCase() + lower.slice(1))
  }
  return [...variants].map((v) => `%${v}%`)
}

/** `column LIKE pattern ESCAPE '\'` for any of the patterns. The builder's `like` has no ESCAPE, hence the tag. */
export function likeAny(column: Expression<string | null>, patterns: string[]) {
  return e.or(patterns.map((p) => sql<SqlBool>`${column} LIKE ${p} ESCAPE '\\'`))
}

/** Whether the column holds the term anywhere, as a person means it (see likePatterns). */
export function holdsText(column: Expression<string | null>, q: string) {
  return likeAny(column, likePatterns(q))
}
