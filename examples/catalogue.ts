/** Every runnable example: its name, its routes as a plugin, how to build it alone, and what to try. */
import type warren from 'warren'
import * as bearerAuth from './bearer-auth/app.js'
import * as decoratorsByContext from './decorators-by-context/app.js'

type App = ReturnType<typeof warren>

export interface Example {
  name: string
  description: string
  /** The example's routes as a plugin, so the showcase can mount it under a prefix. */
  routes: (app: App) => Promise<void>
  /** The example as an application of its own. */
  build: () => App
  tryIt: string[]
}

export const examples: Example[] = [
  {
    name: 'decorators-by-context',
    description: 'spec 4.2: which request decorators each context sees',
    routes: decoratorsByContext.decoratorsByContext,
    build: decoratorsByContext.build,
    tryIt: decoratorsByContext.tryIt,
  },
  {
    name: 'bearer-auth',
    description: 'spec 5: one context behind bearer auth, a sibling open (key: example-key)',
    routes: bearerAuth.bearerAuthExample(['example-key']),
    build: () => bearerAuth.build(),
    tryIt: bearerAuth.tryIt,
  },
]
