// A module whose default export is a shared plugin, registered as `register(import(...))`.
import { plugin } from 'warren'

export interface Db {
  query(sql: string): unknown[]
}

export default plugin(async (instance, options: { url: string }) => instance.decorate('db', { query: (sql: string) => [sql, options.url] } as Db))
