import { describe, expect, it } from 'vitest'
import typedWarren, { codes, warren as named } from 'warren'
import { warren } from '../helpers.js'

describe('factory options', () => {
  it('the default and the named export are the same factory', () => {
    expect(named).toBe(typedWarren)
  })

  it('frameworkErrors: null is the default (no handler), as documented', async () => {
    const app = warren({ frameworkErrors: null })
    const res = await app.inject('/%zz')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'SVC_ERR_BAD_URL' })
  })

  it('accepts no options, undefined and an empty object', async () => {
    for (const app of [warren(), warren(undefined), warren({})]) {
      app.get('/', async () => 'ok')
      expect((await app.inject('/')).body).toBe('ok')
    }
  })

  it.each([
    ['logger', 'yes'],
    ['bodyLimit', -1],
    ['bodyLimit', 1.5],
    ['bodyLimit', '100'],
    ['genReqId', 'abc'],
    ['requestIdHeader', 42],
    ['requestIdLogLabel', 1],
    ['pluginTimeout', 'soon'],
    ['return503OnClosing', 'true'],
    ['connectionTimeout', -5],
    ['keepAliveTimeout', '1s'],
    ['requestTimeout', null],
    ['forceCloseConnections', 'always'],
    ['ignoreTrailingSlash', 1],
    ['ignoreDuplicateSlashes', 'no'],
    ['caseSensitive', 0],
    ['maxParamLength', 'long'],
    ['exposeHeadRoutes', 'yes'],
  ])('rejects a wrong %s (%j) with SVC_ERR_INIT_OPTS_INVALID naming it', (name, value) => {
    let caught: any
    try {
      warren({ [name]: value })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(codes.SVC_ERR_INIT_OPTS_INVALID)
    expect(caught.code).toBe('SVC_ERR_INIT_OPTS_INVALID')
    expect(caught.message).toContain(`'${name}'`)
  })

  it('rejects options that are not an object: SVC_ERR_OPTIONS_NOT_OBJ, a TypeError, as in Fastify', () => {
    expect(() => warren('fast' as any)).toThrow(expect.objectContaining({ code: 'SVC_ERR_OPTIONS_NOT_OBJ', message: 'Options must be an object' }))
    expect(() => warren([] as any)).toThrow(TypeError)
  })

  it('rejects malformed validator options, naming the sub-option', () => {
    expect(() => warren({ validator: { customOptions: 'x' } } as any)).toThrow(/validator\.customOptions/)
    expect(() => warren({ validator: { plugins: {} } } as any)).toThrow(/validator\.plugins/)
  })

  it('bodyLimit defaults to 1 MiB and can be changed', async () => {
    const app = warren()
    app.post('/', async (req: any) => ({ size: req.body.data.length }))
    const fits = await app.inject({ method: 'POST', url: '/', payload: { data: 'x'.repeat(1024 * 1024 - 20) } })
    expect(fits.statusCode).toBe(200)
    const tooBig = await app.inject({ method: 'POST', url: '/', payload: { data: 'x'.repeat(1024 * 1024) } })
    expect(tooBig.statusCode).toBe(413)

    const small = warren({ bodyLimit: 10 })
    small.post('/', async () => 'ok')
    const res = await small.inject({ method: 'POST', url: '/', payload: { data: 'more than ten bytes' } })
    expect(res.statusCode).toBe(413)
    expect(res.json().code).toBe('SVC_ERR_CTP_BODY_TOO_LARGE')
  })

  it('genReqId builds the request id', async () => {
    let n = 0
    const app = warren({ genReqId: () => `id-${++n}` })
    app.get('/', async (req: any) => ({ id: req.id }))
    expect((await app.inject('/')).json()).toEqual({ id: 'id-1' })
    expect((await app.inject('/')).json()).toEqual({ id: 'id-2' })
  })

  it('default request ids are unique strings', async () => {
    const app = warren()
    app.get('/', async (req: any) => ({ id: req.id }))
    const a = (await app.inject('/')).json().id
    const b = (await app.inject('/')).json().id
    expect(typeof a).toBe('string')
    expect(a).not.toBe(b)
  })

  it('requestIdHeader takes the id from a header, else generates one', async () => {
    const app = warren({ requestIdHeader: 'X-Request-Id', genReqId: () => 'generated' })
    app.get('/', async (req: any) => ({ id: req.id }))
    expect((await app.inject({ url: '/', headers: { 'x-request-id': 'from-header' } })).json()).toEqual({ id: 'from-header' })
    expect((await app.inject('/')).json()).toEqual({ id: 'generated' })
  })

  it('ignores the request id header by default', async () => {
    const app = warren({ genReqId: () => 'generated' })
    app.get('/', async (req: any) => ({ id: req.id }))
    expect((await app.inject({ url: '/', headers: { 'request-id': 'x' } })).json()).toEqual({ id: 'generated' })
  })

  it('ignoreTrailingSlash makes /a and /a/ the same route', async () => {
    const strict = warren()
    strict.get('/a', async () => 'a')
    expect((await strict.inject('/a/')).statusCode).toBe(404)
    const loose = warren({ ignoreTrailingSlash: true })
    loose.get('/a', async () => 'a')
    expect((await loose.inject('/a/')).body).toBe('a')
  })

  it('ignoreDuplicateSlashes makes //a and /a the same route', async () => {
    const strict = warren()
    strict.get('/a/b', async () => 'ab')
    expect((await strict.inject('/a//b')).statusCode).toBe(404)
    const loose = warren({ ignoreDuplicateSlashes: true })
    loose.get('/a/b', async () => 'ab')
    expect((await loose.inject('//a//b')).body).toBe('ab')
  })

  it('caseSensitive: false matches paths whatever their case', async () => {
    const strict = warren()
    strict.get('/Users', async () => 'u')
    expect((await strict.inject('/users')).statusCode).toBe(404)
    const loose = warren({ caseSensitive: false })
    loose.get('/Users/:Name', async (req: any) => req.params)
    const res = await loose.inject('/USERS/Ann')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ Name: 'Ann' })
  })

  it('maxParamLength bounds parameters (a longer one answers 414 SVC_ERR_MAX_PARAM_LENGTH)', async () => {
    const app = warren({ maxParamLength: 5 })
    app.get('/p/:id', async (req: any) => req.params)
    expect((await app.inject('/p/12345')).json()).toEqual({ id: '12345' })
    const res = await app.inject('/p/123456')
    expect(res.statusCode).toBe(414)
    expect(res.json()).toMatchObject({ code: 'SVC_ERR_MAX_PARAM_LENGTH', message: "'/p/123456' is exceeding the max param length" })
  })

  it('rejects a querystringParser that is not a function with SVC_ERR_QSP_NOT_FN', () => {
    expect(() => warren({ querystringParser: {} as any })).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_QSP_NOT_FN', message: "querystringParser option should be a function, instead got 'object'" }),
    )
  })

  it('querystringParser replaces the query parser', async () => {
    const app = warren({ querystringParser: (q: string) => ({ raw: q }) })
    app.get('/', async (req: any) => req.query)
    expect((await app.inject('/?a=1&b=2')).json()).toEqual({ raw: 'a=1&b=2' })
  })

  it('the default query parser gives repeated keys as arrays', async () => {
    const app = warren()
    app.get('/', async (req: any) => req.query)
    expect((await app.inject('/?a=1&a=2&b=x')).json()).toEqual({ a: ['1', '2'], b: 'x' })
  })

  it('exposeHeadRoutes: false leaves GET routes without HEAD', async () => {
    const app = warren({ exposeHeadRoutes: false })
    app.get('/', async () => 'hi')
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(404)
  })

  it('timeouts reach the node server', async () => {
    const app = warren({ connectionTimeout: 1234, keepAliveTimeout: 2345, requestTimeout: 3456 })
    expect(app.server.timeout).toBe(1234)
    expect(app.server.keepAliveTimeout).toBe(2345)
    expect(app.server.requestTimeout).toBe(3456)
    const defaults = warren()
    expect(defaults.server.timeout).toBe(0)
    expect(defaults.server.keepAliveTimeout).toBe(72000)
    expect(defaults.server.requestTimeout).toBe(0)
  })
})

describe('unknown factory options', () => {
  it('are refused with SVC_ERR_INIT_OPTS_INVALID naming the key', () => {
    expect(() => warren({ bodylimit: 10 })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID', message: expect.stringContaining("'bodylimit'") }))
  })

  it("point Fastify's `ajv` option to `validator`", () => {
    expect(() => warren({ ajv: { customOptions: { allErrors: true } } })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID', message: expect.stringContaining("'validator: { customOptions, plugins }'") }))
  })

  it('accept every documented option', () => {
    expect(() => warren({ logger: false, bodyLimit: 10, exposeServerErrors: true, errorFormat: 'problem', validator: {} })).not.toThrow()
  })

  it('refuse the removed fastifyErrorBodies, naming errorFormat, which replaced it', () => {
    expect(() => warren({ fastifyErrorBodies: true })).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID', message: expect.stringMatching(/'fastifyErrorBodies'.*Fastify's by default.*'errorFormat'/) }),
    )
  })
})

describe('Fastify-compatible names', () => {
  it('exports the error catalogue as errorCodes too, and withTypeProvider() returns the instance', async () => {
    const { errorCodes, codes: own } = await import('warren')
    expect(errorCodes).toMatchObject(own)
    expect(new errorCodes.SVC_ERR_DUPLICATED_ROUTE('GET', '/')).toBeInstanceOf(errorCodes.SVC_ERR_DUPLICATED_ROUTE)
    const app = typedWarren()
    expect(app.withTypeProvider()).toBe(app)
  })
})
