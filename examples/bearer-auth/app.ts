/**
 * One context behind bearer authentication, a sibling context open.
 *
 *   GET /open              no header needed
 *   GET /secured/report    needs `authorization: Bearer <key>`; 401 otherwise
 */
import warren from 'warren'
import bearerAuth from 'warren/bearer-auth'

/** The example's routes, as a plugin; `keys` are the accepted API keys. */
export function bearerAuthExample(keys: string[]) {
  return async function routes(app: ReturnType<typeof warren>): Promise<void> {
    app.register(
      async (secured) => {
        secured.register(bearerAuth, { keys })
        secured.get('/report', async () => ({ report: 'only for key holders' }))
      },
      { prefix: '/secured' },
    )
    app.register(async (open) => {
      open.get('/open', async () => ({ hello: 'anyone' }))
    })
  }
}

/** The example as a standalone application. */
export function build(keys = [process.env.API_KEY ?? 'example-key']): ReturnType<typeof warren> {
  const app = warren()
  app.register(bearerAuthExample(keys))
  return app
}

/** What to try once it runs. */
export const tryIt = ['GET /open', 'GET /secured/report', 'GET /secured/report -H "authorization: Bearer example-key"']
