// Prisma 6 on its JavaScript engine: the native schema engine cannot be downloaded here (see shared STACK.md).
import path from 'node:path'
import { defineConfig } from 'prisma/config'
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'

process.env.DATABASE_URL ??= 'file:./prisma/data.db'

export default defineConfig({
  engine: 'js',
  experimental: { adapter: true },
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  async adapter() {
    return new PrismaBetterSQLite3({ url: process.env.DATABASE_URL! })
  },
})
