// The Zod comparison (scenario 6) with Fastify 5 and fastify-type-provider-zod, set up as its
// README says: its validator and serializer compilers, which run Zod on each request and reply.
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { createUserZod } from '../zod-scenario.js'
import { createUser } from './shared-routes.js'

/** Builds the app, ready to listen. */
export async function build() {
  const app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.post('/users', { schema: createUserZod }, createUser)
  await app.ready()
  return {
    listen: () => app.listen({ port: 0, host: '127.0.0.1' }),
    close: () => app.close(),
  }
}
