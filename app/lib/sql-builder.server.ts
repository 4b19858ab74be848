// The typed SQL builder (decision 120): statements are built against the tables' types, generated
// from prisma/schema.prisma on every install (sql-tables.generated.ts), so renaming a column fails
// the typecheck wherever a statement names it. The builder only writes SQL; the statements run as
// kept prepared statements on the ORM's connection (sql.server.ts: readNow, writeTogether,
// sqlWithin), as the hot paths always have.
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type Compilable } from 'kysely'
// By its alias, so a check can point it at tables generated from a changed schema (check-column-rename.mjs).
import type { DB } from '~/lib/sql-tables.generated'

export type Tables = DB

/** Builds statements for the kept connection; it has no connection of its own and never runs one. */
export const tables = new Kysely<DB>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
})

/**
 * A statement with SQLite's INDEXED BY on some of its tables, by alias: where the planner, without
 * statistics or with a campus's, would pick a worse index (the query-plan tests pin each one). The
 * builder has no word for it, so the hint is added to the compiled text beside the alias it names;
 * a hint whose alias the statement does not have fails at once rather than being dropped.
 */
export function withIndexes<O>(query: Compilable<O>, hints: Record<string, string>): Compilable<O> {
  return {
    compile() {
      const compiled = query.compile()
      let text = compiled.sql
      for (const [alias, index] of Object.entries(hints)) {
        // Every table of that alias: the arms of a compound read the same table by the same alias.
        const table = new RegExp(`("\\w+" as "${alias}")(?![\\w"])`, 'g')
        const hinted = text.replace(table, `$1 INDEXED BY "${index}"`)
        if (hinted === text) throw new Error(`No table aliased "${alias}" to hint ${index} for`)
        text = hinted
      }
      return { ...compiled, sql: text }
    },
  }
}
