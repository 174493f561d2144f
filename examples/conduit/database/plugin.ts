/**
 * @module examples/conduit/database/plugin
 * The database as a decorator: opened (or handed over, in tests) and migrated while the
 * application starts, so `ready()` fails with the reason when it cannot be reached, and closed
 * by `close()` after the requests in flight have finished.
 */
import { plugin } from 'warren'
import { openDatabase, type Database, type DatabaseConfig } from './database.js'
import { migrate } from './migrations.js'

/** Options of {@link databasePlugin}: what to open, or an open database (then the caller closes it). */
export interface DatabaseOptions {
  database: DatabaseConfig | Database
}

function isOpen(database: DatabaseConfig | Database): database is Database {
  return typeof (database as Database).query === 'function'
}

/** Adds `db` to the instance it is registered on. */
export const databasePlugin = plugin(
  async (app, options: DatabaseOptions) => {
    const given = options.database
    const db = isOpen(given) ? given : await openDatabase(given, (error) => app.log.warn({ err: error }, 'database connection lost while idle'))
    const owned = !isOpen(given)
    let applied: number[]
    try {
      applied = await migrate(db)
    } catch (error) {
      if (owned) await db.close()
      throw error
    }
    // onClose runs after the server has stopped taking requests and the ones in flight are done
    if (owned) app.addHook('onClose', () => db.close())
    app.log.info({ database: db.description, migrations: applied }, applied.length > 0 ? 'database migrated' : 'database ready')
    return app.decorate('db', db)
  },
  { name: 'conduit-database' },
)
