import { expectError, expectType } from 'tsd'
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import type { FastifyPluginAsync } from 'fastify'
import warren, { type Warren } from 'warren'

// published Fastify plugins register as they are, with their options checked
const app = warren()
expectType<Warren>(app.register(cors, { origin: 'https://example.com' }))
app.register(helmet)
expectError(app.register(cors, { origin: 42n }))

// a plugin typed with FastifyInstance, options required
const needsOptions: FastifyPluginAsync<{ secret: string }> = async () => {}
app.register(needsOptions, { secret: 's' })
expectError(app.register(needsOptions))

// warren plugins still get their requirement checks
const needsDb = async (instance: Warren<{ db: string }>) => {
  void instance.db
}
expectError(app.register(needsDb))
app.decorate('db', 'x').register(needsDb)
