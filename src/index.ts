/**
 * @module warren
 * The package entry: the runtime's values exported with the type layer's types, cast once here.
 */
import { createServer as createRootInstance } from './server.js'
import { plugin as markPlugin } from './app/plugin.js'
import type { PluginHelper, WarrenFactory, WarrenTypeBuilder } from './types/index.js'
import { typeBuilder } from './schema/type-builder.js'
import { documentedJsonSchema, isStandardSchema, libraryOnly as markLibraryOnly } from './schema/standard-schema.js'
import type { StandardInput, StandardOutput, StandardSchema, StandardSchemaLike } from './types/index.js'

/** Creates the root instance of an application (same function as {@link warren}). */
export const createServer = createRootInstance as unknown as WarrenFactory

/**
 * Marks a plugin as shared (not encapsulated): what it decorates lands on the instance it is
 * registered on. The curried `plugin<{ db: Db }>()(fn)` states what it requires from that instance.
 *
 * @example
 * ```ts
 * const db = plugin(async (app) => app.decorate('db', await connect()), { name: 'db' })
 * const app = warren().register(db) // app.db is typed
 * ```
 */
export const plugin = markPlugin as unknown as PluginHelper

export { FASTIFY_API_LEVEL } from './app/plugin.js'
export { codes, createError, WarrenError } from './core/errors.js'
/** The error catalogue under Fastify's name for it, each class also under Fastify's name (`FST_ERR_*`), for code written for Fastify. */
export { errorCodes } from './core/fastify-error-names.js'
export type { ErrorCode, WarrenErrorClass } from './core/errors.js'
/** The codes warren answers requests with, their statuses and meanings. */
export { errorCatalogue } from './types/error-catalogue.js'
/** The error bodies as TypeBox schemas, to declare a route's error statuses with: `response: { 200: User, '4xx': ProblemBody }`. */
export { ErrorBody, ProblemBody } from './schema/error-bodies.js'
export { VERSION } from './app/instance.js'
export {
  INITIALIZATION_CHANNEL,
  REQUEST_HANDLER_CHANNEL,
  FASTIFY_INITIALIZATION_CHANNEL,
  FASTIFY_REQUEST_HANDLER_CHANNEL,
} from './core/diagnostics.js'
export { declaredRoutes, isAutomaticHeadRoute } from './app/route.js'
export { contributeOpenApi, openApiContributionsOf, kOpenApiContributions } from './app/openapi-contribution.js'
export type { OpenApiContribution, OpenApiResponse, OpenApiSecurityRequirement, OpenApiSecurityScheme } from './app/openapi-contribution.js'
/** TypeBox's `Type` builder, typed so a literal `$id` (and a `default`) stays in the schema's type and `Type.Ref('Country')` resolves. */
export const Type = typeBuilder as WarrenTypeBuilder
export type { Static, TSchema } from '@sinclair/typebox'
export type * from './types/index.js'

/**
 * A Standard Schema (Zod, Valibot, ArkType…) validated by its library alone, with no JSON Schema
 * asked for: for a schema its library cannot convert, which a route would otherwise refuse.
 *
 * @example
 * ```ts
 * import * as v from 'valibot'
 * app.post('/login', { schema: { body: libraryOnly(v.object({ user: v.string() })) } }, async (request) => request.body.user)
 * ```
 */
export const libraryOnly = markLibraryOnly as <S extends StandardSchemaLike>(schema: S) => StandardSchema<StandardInput<S>, StandardOutput<S>>

/** The JSON Schema (Draft 7) a Standard Schema's library gives for its `'input'` or `'output'` side; null when none. */
export const standardJsonSchema = documentedJsonSchema as (schema: unknown, side: 'input' | 'output') => Record<string, unknown> | null

/** True for a schema of another library that implements Standard Schema v1 (a `~standard` property). */
export { isStandardSchema }

/**
 * Creates the root instance of an application.
 *
 * @example
 * ```ts
 * import warren, { Type } from 'warren'
 * const app = warren({ logger: true })
 * app.get('/users/:id', { schema: { params: Type.Object({ id: Type.Integer() }) } }, async (request) => ({
 *   id: request.params.id,
 * }))
 * await app.listen({ port: 3000 })
 * ```
 */
export const warren: WarrenFactory = createServer
/** The factory under Fastify's named export (`import { fastify } from 'fastify'` with `fastify` aliased to warren). */
export const fastify: WarrenFactory = createServer
export default warren
export { closeOnSignals, type ClosableApp, type CloseOnSignalsOptions } from './app/graceful-shutdown.js'
