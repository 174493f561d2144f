/** Every runnable example: its name, its routes as a plugin, how to build it alone, and what to try. */
import type warren from 'warren'
import * as arktype from './arktype/app.js'
import * as bearerAuth from './bearer-auth/app.js'
import * as decoratorsByContext from './decorators-by-context/app.js'
import * as serialization from './serialization/app.js'
import * as sharedSchemas from './shared-schemas/app.js'
import * as typeboxCompiler from './typebox-compiler/app.js'
import * as typedApi from './typed-api/app.js'
import * as validation from './validation/app.js'
import * as valibot from './valibot/app.js'
import * as zod from './zod/app.js'

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
    description: 'encapsulation: which request decorators each context sees',
    routes: decoratorsByContext.decoratorsByContext,
    build: decoratorsByContext.build,
    tryIt: decoratorsByContext.tryIt,
  },
  {
    name: 'bearer-auth',
    description: 'authentication by context: one context behind bearer auth, a sibling open (key: example-key)',
    routes: bearerAuth.bearerAuthExample(['example-key']),
    build: () => bearerAuth.build(),
    tryIt: bearerAuth.tryIt,
  },
  {
    name: 'validation',
    description: 'validation: content maps, coercion, attachValidation, custom validators and error shapes',
    routes: validation.validationExample,
    build: validation.build,
    tryIt: validation.tryIt,
  },
  {
    name: 'serialization',
    description: 'serialization: response schemas by status and media type, reply.serializer',
    routes: serialization.serializationExample,
    build: serialization.build,
    tryIt: serialization.tryIt,
  },
  {
    name: 'shared-schemas',
    description: 'shared schemas: addSchema in nested contexts and every $ref form',
    routes: sharedSchemas.sharedSchemasExample,
    build: sharedSchemas.build,
    tryIt: sharedSchemas.tryIt,
  },
  {
    name: 'typebox-compiler',
    description: "custom validators: TypeBox's own compiler as the validator compiler",
    routes: typeboxCompiler.typeboxCompilerExample,
    build: typeboxCompiler.build,
    tryIt: typeboxCompiler.tryIt,
  },
  {
    name: 'zod',
    description: 'Zod schemas on routes: compiled through their JSON Schema, Zod running only where it must',
    routes: zod.zodExample,
    build: zod.build,
    tryIt: zod.tryIt,
  },
  {
    name: 'valibot',
    description: 'Valibot schemas on routes (through @valibot/to-json-schema), and one validated by Valibot alone',
    routes: valibot.valibotExample,
    build: valibot.build,
    tryIt: valibot.tryIt,
  },
  {
    name: 'arktype',
    description: 'ArkType types on routes: morphs, narrowing and strict objects beside structural checks',
    routes: arktype.arktypeExample,
    build: arktype.build,
    tryIt: arktype.tryIt,
  },
  {
    name: 'typed-api',
    description: 'a small realistic API: users and items, a store decorator, bearer auth (key: typed-api-key)',
    routes: typedApi.typedApi(['typed-api-key']),
    build: () => typedApi.build(),
    tryIt: typedApi.tryIt,
  },
]
