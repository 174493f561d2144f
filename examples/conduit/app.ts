/**
 * @module examples/conduit/app
 * The RealWorld "Conduit" API (https://github.com/gothinkster/realworld, `api/openapi.yml`) on
 * warren: one plugin per domain under `/api`, the shared schemas added once at the root, the
 * database and authentication as decorators, errors in the RealWorld format, the OpenAPI document
 * at `/openapi.json` and its reference page at `/docs`, a readiness check at `/health`.
 *
 *   POST   /api/users                          register                     GET  /api/profiles/:username          (optional auth)
 *   POST   /api/users/login                    log in                       POST/DELETE /api/profiles/:username/follow
 *   GET    /api/user, PUT /api/user            the current user             GET  /api/tags
 *   GET    /api/articles?tag&author&favorited&limit&offset (optional auth)   GET  /api/articles/feed?limit&offset
 *   POST   /api/articles, GET/PUT/DELETE /api/articles/:slug, POST/DELETE /api/articles/:slug/favorite
 *   GET/POST /api/articles/:slug/comments, DELETE /api/articles/:slug/comments/:id
 */
import cors from '@fastify/cors'
import warren, { Type, type RouteTableOf } from 'warren'
import openapi from 'warren/openapi'
import { articles } from './articles/routes.js'
import { authPlugin } from './auth/plugin.js'
import { comments } from './comments/routes.js'
import type { Database, DatabaseConfig } from './database/database.js'
import { databasePlugin } from './database/plugin.js'
import { answerErrorsInRealWorldFormat, errorBody } from './errors.js'
import { profiles } from './profiles/routes.js'
import * as schemas from './schemas.js'
import { tags } from './tags/routes.js'
import { users } from './users/routes.js'

/** How to build the application. */
export interface ConduitOptions {
  /** The database to open (a PostgreSQL URL, or PGlite's data directory; in memory without one), or an open one. */
  database: DatabaseConfig | Database
  /** The JWT secret (default: generated once and kept in the database). */
  jwtSecret?: string
  /** pino's JSON logs (default off). */
  logger?: boolean
}

/**
 * Clients (the RealWorld Postman collection among them) send `content-type: application/json` on
 * requests without a body (DELETE, POST …/favorite): an empty body is read as no body, anything
 * else by warren's JSON parser (with its prototype-poisoning protection).
 */
function readEmptyJsonAsNoBody(app: ReturnType<typeof warren>): void {
  const json = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, function (request, body, done) {
    if (body === '') return done(null, undefined)
    return json.call(this, request, body, done)
  })
}

/** The root: error handling, shared schemas, the document, the database and authentication. */
function foundation(options: ConduitOptions) {
  // opening PGlite compiles its WebAssembly and migrates: past the default 10 s on a busy machine
  const app = warren({ logger: options.logger ?? false, pluginTimeout: 60_000 })
  answerErrorsInRealWorldFormat(app)
  readEmptyJsonAsNoBody(app)
  // a front end served from another origin sends the token in a header, never a cookie: any origin may call
  app.register(cors, { origin: true, methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'] })
  return app
    .addSchema(schemas.Profile)
    .addSchema(schemas.User)
    .addSchema(schemas.Article)
    .addSchema(schemas.ArticlePreview)
    .addSchema(schemas.Comment)
    .addSchema(schemas.GenericErrorModel)
    .addSchema(schemas.LoginUser)
    .addSchema(schemas.NewUser)
    .addSchema(schemas.UpdateUser)
    .addSchema(schemas.NewArticle)
    .addSchema(schemas.UpdateArticle)
    .addSchema(schemas.NewComment)
    .register(openapi, {
      info: { title: 'Conduit API (RealWorld) on warren', version: '1.1.0', license: { name: 'MIT', identifier: 'MIT' } },
      basePath: '/api',
      // errors answer in RealWorld's format (errors.ts), which the routes declare themselves
      errorResponses: false,
      tags: ['User and Authentication', 'Profile', 'Articles', 'Comments', 'Favorites', 'Tags'].map((name) => ({ name })),
    })
    .register(databasePlugin, { database: options.database })
    .register(authPlugin, { jwtSecret: options.jwtSecret })
}

/** The instance every domain plugin receives: the shared schemas, `db` and `auth`. */
export type Conduit = ReturnType<typeof foundation>

/** The API's domains, one plugin each. */
async function api(app: Conduit) {
  return app.register(users).register(profiles).register(articles).register(comments).register(tags)
}

/** Builds the application; `ready()` (or `listen()`) opens and migrates the database. */
export function buildConduit(options: ConduitOptions) {
  return foundation(options)
    .register(api, { prefix: '/api' })
    .get('/health', { schema: { response: { 200: Type.Object({ status: Type.Literal('ok') }), 503: Type.Ref('GenericErrorModel') } } }, async function (request, reply) {
      // ready to serve means the database answers
      try {
        await this.db.query('select 1')
        return { status: 'ok' as const }
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check: the database does not answer')
        return reply.code(503).send(errorBody('the database does not answer'))
      }
    })
}

/** The application's type. */
export type ConduitApp = ReturnType<typeof buildConduit>
/** Its routes, as the typed client reads them: `client<ConduitApi>(…)`. */
export interface ConduitApi extends RouteTableOf<ConduitApp> {}
