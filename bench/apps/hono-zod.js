// The Zod comparison (scenario 6) with Hono and @hono/zod-validator on @hono/node-server: the body
// validated by Zod, the answer written with c.json (Hono has no response schemas).
import { serve } from '@hono/node-server'
import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { createUserZod } from '../zod-scenario.js'

/** Builds the app, ready to listen. */
export async function build() {
  const app = new Hono()
  app.post('/users', zValidator('json', createUserZod.body), (c) => {
    const { name, email, age, tags } = c.req.valid('json')
    return c.json({ id: 1, name, email, age, tags }, 201)
  })
  let server
  return {
    listen: () =>
      new Promise((resolve) => {
        server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(`http://127.0.0.1:${info.port}`))
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
