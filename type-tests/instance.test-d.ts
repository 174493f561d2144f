import { expectAssignable, expectError, expectNotAssignable, expectType } from 'tsd'
import type { AddressInfo } from 'node:net'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { InjectResponse } from 'warren'
// under NodeNext, a CommonJS plugin's function is its `default` (at run time too)
import ajvFormats from 'ajv-formats'
import ajvErrors from 'ajv-errors'
import { pino } from 'pino'
import warren, {
  warren as namedWarren,
  type Warren,
  type WarrenOptions,
  type WarrenLogger,
  type ValidationErrorItem,
  type ValidatorCompiler,
  type SerializerCompiler,
  type ChildLoggerFactory,
} from 'warren'

// ---------- the factory: default and named export are the same ----------
expectType<typeof warren>(namedWarren)
expectType<Warren>(warren())
const app = warren({
  logger: { level: 'info' },
  bodyLimit: 1024,
  genReqId: (req) => {
    expectType<IncomingMessage>(req)
    return 'id'
  },
  requestIdHeader: false,
  requestIdLogLabel: 'rid',
  pluginTimeout: 1000,
  return503OnClosing: true,
  connectionTimeout: 0,
  keepAliveTimeout: 5000,
  requestTimeout: 0,
  forceCloseConnections: 'idle',
  ignoreTrailingSlash: true,
  ignoreDuplicateSlashes: true,
  caseSensitive: false,
  maxParamLength: 100,
  querystringParser: (str) => Object.fromEntries(new URLSearchParams(str)),
  exposeHeadRoutes: false,
  trustProxy: true,
  disableRequestLogging: true,
  onProtoPoisoning: 'remove',
  onConstructorPoisoning: 'ignore',
  schemaErrorFormatter: (errors, dataVar) => {
    expectType<ValidationErrorItem[]>(errors)
    return new Error(`${dataVar} ${errors.length}`)
  },
  validator: { customOptions: { allErrors: false, coerceTypes: 'array' }, plugins: [ajvFormats.default, [ajvFormats.default, { mode: 'fast' }]] },
})
warren({ logger: true })
warren({ loggerInstance: pino() })
expectError(warren({ logger: 'yes' }))
expectError(warren({ onProtoPoisoning: 'drop' }))
expectError(warren({ bodyLimit: '1mb' }))
expectError(warren({ unknownOption: true }))
expectAssignable<WarrenOptions>({})

// ---------- lifecycle ----------
expectType<Promise<string>>(app.listen({ port: 3000, host: '127.0.0.1' }))
expectType<Promise<string>>(app.listen())
app.listen({ port: 0 }, (err, address) => {
  expectType<Error | null>(err)
  expectType<string>(address)
})
expectType<Promise<string>>(app.listen({ path: '/tmp/app.sock', host: null, backlog: 511, exclusive: true }))
expectType<Promise<string>>(app.listen({ port: '3000', signal: new AbortController().signal, listenTextResolver: (address) => `up at ${address}` }))
expectError(app.listen({ port: 0, signal: {} }))
expectError(app.listen({ port: 0, listenTextResolver: 'text' }))
expectError(app.listen({ port: 0, hots: 'localhost' }))
expectType<Promise<typeof app>>(app.ready())
app.ready((err, instance) => {
  expectType<Error | null>(err)
  expectType<typeof app>(instance)
})
expectType<Promise<void>>(app.after())
expectType<Promise<void>>(app.close())
expectType<Promise<void>>(app[Symbol.asyncDispose]())
expectAssignable<AsyncDisposable>(app)
expectType<Promise<InjectResponse>>(app.inject({ method: 'GET', url: '/' }))
expectType<Promise<InjectResponse>>(app.inject('/'))
// the instance is not a promise: `async (app) => app.decorate(...)` plugins keep their additions
expectNotAssignable<PromiseLike<unknown>>(app)

// ---------- properties ----------
expectType<Server>(app.server)
expectType<string>(app.prefix)
expectType<WarrenLogger>(app.log)
expectType<string>(app.version)
expectType<AddressInfo[]>(app.addresses())
expectType<boolean>(app.hasRoute({ method: 'GET', url: '/' }))
expectType<string>(app.printRoutes())
expectType<string>(app.printPlugins())
app.log.info({ a: 1 }, 'msg %s', 'x')
app.log.child({ a: 1 }).warn('x')

// ---------- compilers ----------
const validatorCompiler: ValidatorCompiler = ({ schema, method, url, httpPart }) => {
  expectType<'body' | 'querystring' | 'params' | 'headers'>(httpPart)
  void schema
  void method
  void url
  return (data) => ({ value: data })
}
app.setValidatorCompiler(validatorCompiler)
app.setValidatorCompiler(() => () => ({ error: new Error('x') }))
app.setValidatorCompiler(() => () => true)
// an async validator is awaited by the runtime
app.setValidatorCompiler(() => async () => ({ value: 1 }))
app.setValidatorCompiler(() => () => Promise.resolve(true))
// a result that is neither a boolean nor { value } / { error }
expectError(app.setValidatorCompiler(() => () => 'valid'))
// an async validator answers pass or fail only: it may resolve with anything (Joi's validateAsync resolves the data)
app.setValidatorCompiler(() => async (data: unknown) => data)
const serializerCompiler: SerializerCompiler = ({ httpStatus, contentType }) => {
  expectType<string | null>(httpStatus)
  expectType<string | undefined>(contentType)
  return (data) => JSON.stringify(data)
}
app.setSerializerCompiler(serializerCompiler)
expectError(app.setSerializerCompiler(() => (data: unknown) => data))
app.setSchemaErrorFormatter((errors, dataVar) => new Error(`${dataVar}: ${errors[0]?.message}`))
expectType<typeof app>(app.setValidatorCompiler(validatorCompiler))

// ---------- content-type parsers ----------
app.addContentTypeParser('text/csv', { parseAs: 'string' }, (request, body, done) => {
  expectType<string>(body)
  expectType<string>(request.id)
  done(null, body.split(','))
})
app.addContentTypeParser(['application/x-a', 'application/x-b'], { parseAs: 'buffer', bodyLimit: 10 }, async (_request, body) => {
  expectType<Buffer>(body)
  return body.length
})
app.addContentTypeParser(/^image\//, async (_request, payload) => {
  expectType<IncomingMessage>(payload)
  return payload
})
app.addContentTypeParser('application/x-stream', { bodyLimit: 10 }, (_request, payload, done) => {
  expectType<IncomingMessage>(payload)
  done(null, payload)
})
expectError(app.addContentTypeParser('text/x', { parseAs: 'json' }, () => {}))
// a callback parser's return value is ignored at runtime (only a promise counts), so an arrow may return one
app.addContentTypeParser('text/x-late', { parseAs: 'string' }, (_request, body, done) => setTimeout(() => done(null, body), 5))
app.addContentTypeParser('application/x-events', (_request, payload, done) => payload.on('end', () => done(null, 'ended')))
expectError(app.addContentTypeParser('text/x-wrong', { parseAs: 'string' }, (_request, body: Buffer, done) => done(null, body)))
app.addContentTypeParser('application/json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'remove'))
expectType<boolean>(app.hasContentTypeParser('text/csv'))
app.removeContentTypeParser(['text/csv', /^image\//])
app.removeAllContentTypeParsers()

// callback forms
expectType<typeof app>(app.after((err) => expectType<Error | null>(err)))
app.ready((err) => expectType<Error | null>(err))

// ---------- validator plugins: a plugin function, or a CommonJS module whose default is one ----------
warren({ validator: { customOptions: { allErrors: true }, plugins: [ajvErrors] } })
warren({ validator: { plugins: [[ajvErrors, { singleError: true }]] } })
expectError(warren({ validator: { plugins: ['ajv-errors'] } }))

// ---------- callback forms and the chained inject ----------
{
  const cbApp = warren()
  cbApp.close((err) => expectType<Error | null | undefined>(err))
  cbApp.inject({ url: '/' }, (err, response) => {
    expectType<Error | undefined>(err)
    expectType<number | undefined>(response?.statusCode)
  })
  expectType<Promise<InjectResponse>>(cbApp.inject().get('/').end())
  cbApp.listen((err, address) => {
    expectType<Error | null>(err)
    expectType<string>(address)
  })
}

// ---------- logger options: pino's, with a destination stream ----------
warren({ logger: { level: 'info', stream: { write: (line: string) => void line } } })
expectError(warren({ logger: 'yes' }))

// ---------- what plugins read back ----------
{
  const probe = warren()
  expectType<boolean>(probe.hasPlugin('db'))
  expectType<string>(probe.listeningOrigin)
  expectType<unknown>(probe.initialConfig.bodyLimit)
  probe.get('/s', (_request, reply) => expectType<string>(reply.serialize({ a: 1 })))
  probe.get('/documented', { schema: { summary: 'documented', tags: ['docs'], hide: true, description: 'a route' } }, async () => 'ok')
}

// members Fastify plugins read
{
  const app = warren()
  expectType<(req: IncomingMessage, res: ServerResponse) => void>(app.routing)
  expectType<typeof app>(app.onClose(async (instance) => void instance.log.info('closing')))
  app.onClose((instance, done) => done())
  expectError(app.onClose('nope'))
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, app.defaultTextParser)
  expectType<ChildLoggerFactory>(app.childLoggerFactory)
}
