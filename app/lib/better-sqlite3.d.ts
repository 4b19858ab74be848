// The little of better-sqlite3 we use directly (the Prisma adapter brings the package; no @types installed).
declare module 'better-sqlite3' {
  interface Statement {
    pluck(on?: boolean): Statement
    get(...params: unknown[]): unknown
    all(...params: unknown[]): unknown[]
    run(...params: unknown[]): { changes: number }
  }
  interface Options {
    readonly?: boolean
    fileMustExist?: boolean
  }
  class Database {
    constructor(file: string, options?: Options)
    prepare(sql: string): Statement
    pragma(sql: string): unknown
    close(): void
  }
  export default Database
}
