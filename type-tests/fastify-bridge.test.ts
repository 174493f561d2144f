/**
 * @module The `fastify` types bridge: with `"paths": { "fastify": [<warren's fastify-compat>] }`,
 * published Fastify plugins type-check in a warren app without Fastify's types, and what their
 * `declare module 'fastify'` blocks add (decorators, route options, config keys) is typed on
 * warren's instance, request, reply and routes. Compiled with the TypeScript API; each case is
 * one file, and its first-line diagnostics are compared.
 */
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { firstDiagnosticLines } from './compile-cases.js'

const app = `
  import warren from 'warren'
  import jwt from '@fastify/jwt'
  import helmet from '@fastify/helmet'
  import rateLimit from '@fastify/rate-limit'
  import sensible from '@fastify/sensible'
  import cookie from '@fastify/cookie'
  import underPressure from '@fastify/under-pressure'
  const app = warren()
`

const cases = {
  plugins: `${app}
    app.register(jwt, { secret: 'a secret' })
    app.register(helmet, { global: true })
    app.register(rateLimit, { max: 100, timeWindow: '1 minute' })
    app.register(sensible)
    app.register(cookie, { secret: 'cookie secret' })
    app.register(underPressure, { maxEventLoopDelay: 1000 })
    app.get('/me', { helmet: { frameguard: false }, config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async (request, reply) => {
      const token: string | undefined = request.cookies['token']
      const claims = await request.jwtVerify<{ sub: string }>()
      if (!token) return reply.unauthorized('no token')
      reply.setCookie('seen', 'yes', { httpOnly: true })
      const underPressure: boolean = app.isUnderPressure()
      return { sub: claims.sub, token: app.jwt.sign({ sub: claims.sub }), underPressure }
    })
    app.get('/teapot', async () => {
      throw app.httpErrors.imateapot()
    })
  `,
  misspeltPluginOption: `${app}
    app.register(jwt, { secrett: 'a secret' })
  `,
  wrongPluginOptionType: `${app}
    app.register(rateLimit, { max: 'many' })
  `,
  unknownRequestMethod: `${app}
    app.get('/', async (request) => request.jwtVerifyy())
  `,
  unknownRouteOption: `${app}
    app.get('/', { helmett: false }, async () => 'ok')
  `,
  bothPluginStyles: `
    import warren, { plugin, type Warren } from 'warren'
    import fp from 'fastify-plugin'
    import type { FastifyPluginAsync, FastifyPluginCallback, FastifyPluginOptions } from 'fastify'
    // what fastify-plugin's own declarations import from 'fastify'
    const loose: FastifyPluginAsync<FastifyPluginOptions> = async (_instance, opts) => { void opts.anything }
    const greeting: FastifyPluginAsync<{ t: string }> = async (instance, opts) => {
      instance.decorate('greeting', opts.t)
      instance.addHook('onRequest', async (request) => { void request.url })
      instance.get('/greeting', async () => opts.t)
    }
    const counter: FastifyPluginCallback = (instance, _opts, done) => {
      instance.decorateRequest('counted', false)
      done()
    }
    const database = plugin(async (app) => app.decorate('db', { query: (sql: string) => sql }))
    async function reports(app: Warren<{ db: { query(sql: string): string } }>) {
      return app.get('/reports', async function () { return this.db.query('select 1') })
    }
    export const app = warren()
      .register(greeting, { t: 'hello' })
      .register(fp(greeting, { name: 'shared-greeting' }), { t: 'hi' })
      .register(counter)
      .register(database)
      .register(reports)
      .register(loose)
  `,
  declaredThenDecorated: `
    import warren from 'warren'
    import fp from 'fastify-plugin'
    // Fastify's own pattern: the decorator declared on Fastify's instance, then provided by a plugin
    declare module 'fastify' {
      interface FastifyInstance { store: { count(): number } }
    }
    const storePlugin = fp(async (instance) => {
      instance.decorate('store', { count: () => 1 })
    }, { name: 'store' })
    export const app = warren().register(storePlugin)
    app.get('/count', async function () { return this.store.count() })
  `,
  callbacksAndReturnedReplies: `${app}
    import { Type } from 'warren'
    // a plugin's callbacks are given Fastify's request and reply: warren's members are there
    app.register(rateLimit, { max: 100, keyGenerator: (request) => String(request.headers['x-api-key'] ?? request.ip), onExceeded: (request, key) => request.log.warn({ key, url: request.url }, 'limited') })
    app.register(sensible)
    // a plugin's reply method returning Fastify's reply is a reply a handler may return
    app.get('/tasks/:id', { schema: { params: Type.Object({ id: Type.Integer() }), response: { 200: Type.Object({ id: Type.Integer() }) } } }, async (request, reply) => {
      if (request.params.id > 10) return reply.notFound('no such task')
      return { id: request.params.id }
    })
  `,
  fastifyNames: `
    import warren from 'warren'
    import type { FastifyPluginAsync, FastifyServerOptions, HTTPMethods, RequestGenericInterface, preValidationHookHandler } from 'fastify'
    // what fastify-cli's TypeScript template and proxy plugins' declarations import from 'fastify'
    export interface AppOptions extends FastifyServerOptions { prefix?: string }
    interface Proxied extends RequestGenericInterface { Body: { id: number } }
    const methods: HTTPMethods[] = ['GET', 'post']
    const check: preValidationHookHandler = (_request, _reply, done) => done()
    export const plugin: FastifyPluginAsync<AppOptions> = async () => { void methods; void check }
    export const app = warren({ logger: false } satisfies AppOptions).register(plugin)
    export type { Proxied }
  `,
  handlersInTheirOwnFiles: `
    import warren from 'warren'
    import type { FastifyError, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify'
    // handlers and helpers written against Fastify's types, apart from their routes
    interface GetThing { Params: { id: string }; Querystring: { q?: string }; Body: { n: number }; Headers: { 'x-k': string } }
    export async function getThing(request: FastifyRequest<GetThing>, reply: FastifyReply) {
      const id: string = request.params.id
      const q: string | undefined = request.query.q
      const n: number = request.body.n
      const k: string = request.headers['x-k']
      if (id === 'none') return reply.code(404).send({ message: 'none' })
      return { id, q, n, k }
    }
    export function notFound(reply: FastifyReply, what: string) {
      return reply.status(404).send({ message: what + ' not found' })
    }
    export const listThings: RouteHandlerMethod = async function (request, reply) {
      void request.url
      // \`this\` is the instance, with its logger, as in a Fastify handler
      this.log.info({ url: request.url }, 'listing things')
      return reply.send([])
    }
    const app = warren()
    app.get('/things', listThings)
    app.get('/ping', async (_request, reply) => notFound(reply, 'ping'))
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.validation) return reply.code(400).send({ where: error.validationContext, first: error.validation[0]?.instancePath })
      return reply.send(error)
    })
  `,
  hooksInTheirOwnFiles: `
    import warren from 'warren'
    import type { onErrorAsyncHookHandler, onRequestAsyncHookHandler, onResponseHookHandler, onSendAsyncHookHandler, onSendHookHandler, preSerializationAsyncHookHandler } from 'fastify'
    export const stamp: onRequestAsyncHookHandler = async (request) => { request.log.info({ url: request.url }, 'in') }
    export const timing: onResponseHookHandler = (request, reply, done) => { request.log.info({ ms: reply.elapsedTime }, 'out'); done() }
    export const tag: onSendAsyncHookHandler = async (_request, reply, payload) => { reply.header('x-tag', '1'); return payload }
    export const same: onSendHookHandler = (_request, _reply, payload, done) => done(null, typeof payload === 'string' ? payload.trim() : payload)
    export const wrap: preSerializationAsyncHookHandler = async (_request, _reply, payload) => ({ data: payload })
    export const report: onErrorAsyncHookHandler = async (request, _reply, error) => { request.log.error({ code: error.code }, error.message) }
    warren().addHook('onRequest', stamp).addHook('onResponse', timing).addHook('onSend', tag).addHook('onSend', same).addHook('preSerialization', wrap).addHook('onError', report)
  `,
  everyHookHandlerType: `
    import warren from 'warren'
    import { PassThrough } from 'node:stream'
    import type { FastifyPluginAsync, onCloseAsyncHookHandler, onCloseHookHandler, onErrorHookHandler, onListenHookHandler, onReadyAsyncHookHandler, onRegisterHookHandler, onRequestAbortHookHandler, onRouteHookHandler, preCloseAsyncHookHandler, preParsingAsyncHookHandler, preParsingHookHandler, RequestPayload } from 'fastify'
    const unzip: preParsingHookHandler = (_request, _reply, payload, done) => { const next: RequestPayload = payload.pipe(new PassThrough()); done(null, next) }
    const keep: preParsingAsyncHookHandler = async (_request, _reply, payload) => payload
    const left: onRequestAbortHookHandler = (request, done) => { request.log.info('left'); done() }
    const routes: onRouteHookHandler = function (opts) { this.log.info({ url: opts.url }, 'route') }
    const registered: onRegisterHookHandler = function (instance, opts) { instance.log.info({ prefix: opts.prefix }, 'context') }
    const ready: onReadyAsyncHookHandler = async function () { return this.log.info('ready') }
    const listening: onListenHookHandler = function (done) { done() }
    const closing: preCloseAsyncHookHandler = async function () {}
    const closed: onCloseHookHandler = (instance, done) => { instance.log.info('closed'); done() }
    const closedAsync: onCloseAsyncHookHandler = async () => {}
    const coded: onErrorHookHandler = (request, _reply, error, done) => { request.log.error(error.code.toLowerCase()); done() }
    const plugin: FastifyPluginAsync = async (fastify) => {
      fastify.addHook('preParsing', unzip).addHook('preParsing', keep).addHook('onRequestAbort', left).addHook('onRoute', routes)
      fastify.addHook('onRegister', registered).addHook('onReady', ready).addHook('onListen', listening).addHook('preClose', closing)
      fastify.addHook('onClose', closed).addHook('onClose', closedAsync).addHook('onError', coded)
    }
    warren().register(plugin)
  `,
  annotatedErrorAndPayload: `
    import warren from 'warren'
    import type { FastifyError, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify'
    const upper: onSendHookHandler<string> = (_request, _reply, payload, done) => done(null, payload.toUpperCase())
    warren()
      .addHook('onError', async (request, _reply, error: FastifyError) => { request.log.error(error.code) })
      .addHook('onError', (_request: FastifyRequest, _reply: FastifyReply, error: FastifyError, done: () => void) => { void error.code; done() })
      .addHook('onError', async (_request, _reply, error) => { const code: string | undefined = error.code; void code })
      .addHook('onSend', upper)
  `,
  onErrorExpectsAnError: `
    import warren from 'warren'
    warren().addHook('onError', async (_request, _reply, error: number) => { void error })
  `,
  unannotatedPayloadIsUnknown: `
    import warren from 'warren'
    warren().addHook('onSend', async (_request, _reply, payload) => payload.length)
  `,
  onRegisterHasNoDone: `
    import warren from 'warren'
    warren().addHook('onRegister', (_instance, _opts, done: () => void) => { done() })
  `,
  fastifyRequestGenericChecked: `
    import type { FastifyRequest } from 'fastify'
    export async function getThing(request: FastifyRequest<{ Params: { id: string } }>) {
      const id: number = request.params.id
      return id
    }
  `,
  fastifyPluginWrongOption: `
    import warren from 'warren'
    import type { FastifyPluginAsync } from 'fastify'
    const greeting: FastifyPluginAsync<{ t: string }> = async (instance, opts) => { instance.decorate('greeting', opts.t) }
    warren().register(greeting, { t: 1 })
  `,
}

describe("Fastify plugins' types through the fastify-compat bridge", () => {
  const found = firstDiagnosticLines(cases, { fastify: [resolve('src/types/fastify-compat.ts')] })

  it("plugins register with their options, and what they declare is typed on warren's objects", () => {
    expect(found.plugins).toEqual([])
  })

  it("a plugin's options are checked", () => {
    expect(found.misspeltPluginOption).toEqual([expect.stringContaining("'secrett' does not exist")])
    expect(found.wrongPluginOptionType).toEqual([expect.stringContaining("Type 'string' is not assignable to type")])
  })

  it('a plugin typed with Fastify\'s own plugin types keeps the instance API, beside warren-style plugins', () => {
    expect(found.bothPluginStyles).toEqual([])
    expect(found.declaredThenDecorated).toEqual([])
    expect(found.fastifyNames).toEqual([])
    expect(found.callbacksAndReturnedReplies).toEqual([])
    expect(found.fastifyPluginWrongOption).toEqual([expect.stringContaining("Type 'number' is not assignable to type 'string'")])
  })

  it("handlers written apart with FastifyRequest's route generic, FastifyReply and FastifyError read their parts, and the generic is checked", () => {
    expect(found.handlersInTheirOwnFiles).toEqual([])
    expect(found.hooksInTheirOwnFiles).toEqual([])
    expect(found.fastifyRequestGenericChecked).toEqual([expect.stringContaining("Type 'string' is not assignable to type 'number'")])
  })

  it("every hook handler type Fastify names is addable, and hooks may name the error or payload they expect", () => {
    expect(found.everyHookHandlerType).toEqual([])
    expect(found.annotatedErrorAndPayload).toEqual([])
    expect(found.onErrorExpectsAnError).toEqual([expect.stringMatching(/error: number\).*not assignable.*error: HandlerError/)])
    expect(found.unannotatedPayloadIsUnknown).toEqual([expect.stringContaining("'payload' is of type 'unknown'")])
    expect(found.onRegisterHasNoDone[0]).toMatch(/done: \(\) => void\) => void' is not assignable to parameter/)
  })

  it('members and route options no plugin declares are still errors', () => {
    expect(found.unknownRequestMethod).toEqual([expect.stringContaining("Property 'jwtVerifyy' does not exist")])
    expect(found.unknownRouteOption).toEqual([expect.stringContaining("'helmett' does not exist")])
  })
})
