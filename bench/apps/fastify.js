// The benchmark app written with Fastify 5: the shared route code, with the same schemas as
// plain JSON (or, with --same-routes, the same TypeBox objects warren gets).
import Fastify from 'fastify'
import { toPlainJson } from '../scenarios.js'
import { declareRoutes, sameRoutes } from './shared-routes.js'

/** Builds the app for scenarios 1–5, ready to listen. */
export async function build() {
  const app = Fastify()
  declareRoutes(app, sameRoutes ? undefined : toPlainJson)
  await app.ready()
  return {
    listen: () => app.listen({ port: 0, host: '127.0.0.1' }),
    close: () => app.close(),
  }
}
