/**
 * @module examples/conduit/database/postgres
 * A PostgreSQL server through node-postgres (`pg`): a pool of connections, checked once at start-up
 * so that a wrong `DATABASE_URL` fails the start with a clear message instead of the first request.
 */
import pg from 'pg'
import { DatabaseUnavailableError, type Database, type Queryable } from './database.js'

/** `postgres://user@host:port/db`, without the password, for messages and logs. */
function describe(url: string): string {
  try {
    const parsed = new URL(url)
    return `PostgreSQL at ${parsed.host || 'localhost'}${parsed.pathname}`
  } catch {
    return 'PostgreSQL (DATABASE_URL is not a URL)'
  }
}

function queryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      return (await target.query(text, params as unknown[])).rows as Row[]
    },
    async exec(script: string) {
      // without parameters, pg sends the simple query protocol, which runs several statements
      await target.query(script)
    },
  }
}

/** Opens a pool on `url` and checks that the server answers; `onError` hears of idle connections the server dropped. */
export async function openPostgres(url: string, onError: (error: Error) => void): Promise<Database> {
  const description = describe(url)
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 })
  // an idle connection the server drops must not crash the process: the pool replaces it
  pool.on('error', onError)
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end().catch(() => {})
    throw new DatabaseUnavailableError(description, error)
  }
  return {
    ...queryable(pool),
    description,
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await work(queryable(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
