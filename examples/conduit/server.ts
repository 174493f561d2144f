/**
 * @module examples/conduit/server
 * Starts the Conduit API: `npm run conduit` (builds, then runs this file).
 *
 *   PORT (3000), HOST (127.0.0.1)
 *   DATABASE_URL   a PostgreSQL server (postgres://user:password@host:5432/db); without it, PGlite
 *   CONDUIT_DATA   PGlite's data directory (default .conduit-data); `memory` keeps nothing
 *   JWT_SECRET     the token secret (default: generated once and kept in the database)
 *
 * SIGINT or SIGTERM closes it gracefully: requests in flight finish, then the database closes.
 */
import { closeOnSignals } from 'warren'
import { buildConduit } from './app.js'
import type { DatabaseConfig } from './database/database.js'

function databaseConfig(env: NodeJS.ProcessEnv): DatabaseConfig {
  if (env.DATABASE_URL !== undefined && env.DATABASE_URL !== '') return { url: env.DATABASE_URL }
  const dataDir = env.CONDUIT_DATA ?? '.conduit-data'
  return dataDir === 'memory' ? {} : { dataDir }
}

const app = buildConduit({ database: databaseConfig(process.env), jwtSecret: process.env.JWT_SECRET, logger: true })
closeOnSignals(app)
try {
  await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' })
} catch (error) {
  app.log.fatal({ err: error }, 'conduit could not start')
  await app.close().catch(() => {})
  process.exitCode = 1
}
