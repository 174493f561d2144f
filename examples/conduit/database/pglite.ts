/**
 * @module examples/conduit/database/pglite
 * PGlite: PostgreSQL compiled to WebAssembly, running inside the process. Its data lives in a
 * directory (kept across restarts) or in memory (tests).
 */
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { DatabaseUnavailableError, type Database, type Queryable } from './database.js'

function queryable(target: PGlite | Transaction): Queryable {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      return (await target.query<Row>(text, params as unknown[])).rows
    },
    async exec(script: string) {
      await target.exec(script)
    },
  }
}

/** Opens PGlite with its data in `dataDir`, or in memory when there is none. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const description = dataDir === undefined ? 'PGlite in memory' : `PGlite at ${dataDir}`
  let db: PGlite
  try {
    db = await PGlite.create(dataDir)
  } catch (error) {
    throw new DatabaseUnavailableError(description, error)
  }
  return {
    ...queryable(db),
    description,
    transaction: (work) => db.transaction((tx) => work(queryable(tx))),
    close: () => db.close(),
  }
}
