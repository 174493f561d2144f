// The Zod comparison (scenario 6) with warren: scenario 2's route with Zod schemas, compiled through
// their JSON Schema. warren is loaded as bench/apps/warren.js loads it.
import { pathToFileURL } from 'node:url'
import { createUserZod } from '../zod-scenario.js'
import { createUser } from './shared-routes.js'

/** Builds the app, ready to listen. */
export async function build() {
  const entry = process.env.WARREN_DIST ? pathToFileURL(process.env.WARREN_DIST).href : '../../dist/bundle/index.js'
  const { default: warren } = await import(entry)
  const app = warren()
  app.post('/users', { schema: createUserZod }, createUser)
  await app.ready()
  return {
    listen: () => app.listen({ port: 0, host: '127.0.0.1' }),
    close: () => app.close(),
  }
}
