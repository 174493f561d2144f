/**
 * Which request decorators each context sees.
 *
 *   root            decorates `root`                GET /root
 *   ├─ child        decorates `child`               GET /child
 *   │  ├─ wrapped   (plugin()) decorates `wrapped`  — shares the child's context, so the child sees it
 *   │  └─ grandchild decorates `grandchild`         GET /child/grandchild
 *   └─ sibling      decorates nothing               GET /sibling
 *
 * Each route answers with the decorators its request carries; undefined ones are left out of the JSON.
 */
import warren, { plugin } from 'warren'

const names = ['root', 'child', 'grandchild', 'wrapped'] as const

/** The decorators this request can see, by name (JSON drops the undefined ones). */
function visibleDecorators(request: object): Record<string, unknown> {
  const values = request as Record<string, unknown>
  return Object.fromEntries(names.map((name) => [name, values[name]]))
}

/** The example's routes, as a plugin (the showcase mounts it under a prefix). */
export async function decoratorsByContext(app: ReturnType<typeof warren>): Promise<void> {
  app.decorateRequest('root', 'decorated at the root')
  app.get('/root', async (request) => visibleDecorators(request))

  app.register(async (child) => {
    child.decorateRequest('child', 'decorated in the child')
    child.get('/child', async (request) => visibleDecorators(request))

    // wrapped with plugin(): no context of its own, so its decorator lands in the child's
    child.register(
      plugin(async (wrapped) => {
        wrapped.decorateRequest('wrapped', 'decorated in a wrapped grandchild')
      }),
    )

    child.register(async (grandchild) => {
      grandchild.decorateRequest('grandchild', 'decorated in the grandchild')
      grandchild.get('/child/grandchild', async (request) => visibleDecorators(request))
    })
  })

  app.register(async (sibling) => {
    sibling.get('/sibling', async (request) => visibleDecorators(request))
  })
}

/** The example as a standalone application. */
export function build(): ReturnType<typeof warren> {
  const app = warren()
  app.register(decoratorsByContext)
  return app
}

/** What to try once it runs. */
export const tryIt = ['GET /root', 'GET /child', 'GET /child/grandchild', 'GET /sibling']
