/**
 * @module examples/conduit/database/database
 * The one database interface the application uses, whichever PostgreSQL runs it: PGlite (embedded,
 * the default) or a server reached through `pg` (`DATABASE_URL`). The SQL is the same for both.
 */

/** Something SQL can be sent to: the database, or one transaction of it. */
export interface Queryable {
  /** Runs one statement with `$1…` parameters; resolves with its rows. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>
  /** Runs a script of several statements, without parameters (a migration). */
  exec(script: string): Promise<void>
}

/** The application's database. */
export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /** Closes the connections (the pool, or the embedded database). */
  close(): Promise<void>
  /** What it is, for logs: `PGlite in memory`, `PostgreSQL at db.example.com:5432/conduit`… */
  readonly description: string
}

/** Which database to open: a PostgreSQL URL, or PGlite with its data in `dataDir` (in memory without one). */
export type DatabaseConfig = { url: string } | { dataDir?: string }

/** Raised when the database cannot be opened: the message says which one and why. */
export class DatabaseUnavailableError extends Error {
  constructor(description: string, cause: unknown) {
    super(`cannot open the database (${description}): ${reasonOf(cause)}`, { cause })
    this.name = 'DatabaseUnavailableError'
  }
}

/** A system error's code (`ECONNREFUSED`, `ENOTFOUND`), else the message (`password authentication failed for user "conduit"`). */
function reasonOf(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause)
  const code = (cause as Error & { code?: unknown }).code
  if (typeof code === 'string' && /^E[A-Z0-9_]+$/.test(code)) return code
  return cause.message !== '' ? cause.message : String(code ?? cause.name)
}

/** Opens the database `config` names, checking that it answers; `onError` hears of connections lost while idle. */
export async function openDatabase(config: DatabaseConfig, onError: (error: Error) => void = () => {}): Promise<Database> {
  // each driver is loaded only when used: PGlite's WebAssembly is not compiled for a server, nor pg loaded for PGlite
  if ('url' in config) return (await import('./postgres.js')).openPostgres(config.url, onError)
  return (await import('./pglite.js')).openPglite(config.dataDir)
}
