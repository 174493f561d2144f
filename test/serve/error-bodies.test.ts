import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { createError } from 'warren'
import { captureLogs, warren } from '../helpers.js'

const settle = () => new Promise((resolve) => setImmediate(resolve))

/** An http-errors style error: a status, no code. */
function teapot(): Error {
  return Object.assign(new Error("I'm a teapot"), { statusCode: 418 })
}

describe("Fastify's error bodies, the default", () => {
  it('an error thrown without a code answers without one', async () => {
    const app = warren()
    app.get('/plain', async () => {
      throw new Error('something broke')
    })
    app.get('/teapot', async () => {
      throw teapot()
    })
    const plain = await app.inject('/plain')
    expect(plain.statusCode).toBe(500)
    expect(plain.body).toBe('{"statusCode":500,"error":"Internal Server Error","message":"something broke"}')
    const tea = await app.inject('/teapot')
    expect(tea.statusCode).toBe(418)
    expect(tea.json()).toStrictEqual({ statusCode: 418, error: "I'm a Teapot", message: "I'm a teapot" })
  })

  it("an error's own code is kept", async () => {
    const app = warren()
    app.get('/', async () => {
      throw Object.assign(new Error('taken'), { statusCode: 409, code: 'E_TAKEN' })
    })
    expect((await app.inject('/')).json()).toStrictEqual({ statusCode: 409, code: 'E_TAKEN', error: 'Conflict', message: 'taken' })
  })

  it('the default 404 has no code: the status says it all', async () => {
    const res = await warren().inject('/missing')
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.json()).toStrictEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET:/missing not found' })
  })

  it('a response that fails its schema answers SVC_ERR_RESPONSE_SERIALIZATION, naming the route and status', async () => {
    const schema = { response: { 200: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } } }
    const app = warren({ exposeServerErrors: true })
    app.get('/', { schema }, async () => ({ name: 'no id' }))
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toStrictEqual({
      statusCode: 500,
      code: 'SVC_ERR_RESPONSE_SERIALIZATION',
      error: 'Internal Server Error',
      message: 'Failed to serialize the response of GET:/ with status 200: "id" is required!',
    })
  })

  it('a failing async constraint answers SVC_ERR_ASYNC_CONSTRAINT', async () => {
    const failingTenant = {
      name: 'tenant',
      storage() {
        const stores = new Map<string, unknown>()
        return { get: (value: string) => stores.get(value) ?? null, set: (value: string, store: unknown) => void stores.set(value, store) }
      },
      deriveConstraint: (_req: unknown, _ctx: unknown, done: (error: Error | null) => void) => done(new Error('down')),
      validate() {},
    }
    const app = warren({ exposeServerErrors: true, constraints: { tenant: failingTenant } })
    app.get('/', { constraints: { tenant: 'a' } }, async () => 'tenant a')
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toStrictEqual({ statusCode: 500, code: 'SVC_ERR_ASYNC_CONSTRAINT', error: 'Internal Server Error', message: 'Unexpected error from async constraint' })
  })
})

describe('exposeServerErrors', () => {
  const original = process.env.NODE_ENV
  afterEach(() => {
    process.env.NODE_ENV = original
  })

  it('false: a 5xx answers the status phrase, and the log keeps the message with the request id', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ exposeServerErrors: false, logger: { stream }, genReqId: () => 'req-7' })
    app.get('/', async () => {
      throw new Error('db password is hunter2')
    })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toStrictEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' })
    expect(res.body).not.toContain('hunter2')
    await settle()
    const logged = lines.find((line) => line.level === 50)
    expect(logged).toMatchObject({ reqId: 'req-7', msg: 'db password is hunter2', err: { message: 'db password is hunter2' } })
    expect(logged.err.stack).toContain('db password is hunter2')
  })

  it('a thrown non-Error 5xx is logged with the request and the answer, as an Error is, to find it by its request', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream }, genReqId: () => 'req-9' })
    app.get('/odd', async () => {
      throw 'out of cheese'
    })
    expect((await app.inject('/odd')).statusCode).toBe(500)
    await settle()
    expect(lines.find((line) => line.level === 50)).toMatchObject({ reqId: 'req-9', msg: 'a value that is not an Error was thrown', err: 'out of cheese', req: { url: '/odd' }, res: { statusCode: 500 } })
  })

  it('a thrown object with a message is logged under that message', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream } })
    app.get('/teapot', async () => {
      throw { statusCode: 418, message: 'short and stout' }
    })
    expect((await app.inject('/teapot')).statusCode).toBe(418)
    await settle()
    expect(lines.find((line) => line.level === 30 && line.err)).toMatchObject({ msg: 'short and stout', err: { statusCode: 418 } })
  })

  it('false: 4xx messages are still sent (they are for the client)', async () => {
    const app = warren({ exposeServerErrors: false })
    app.get('/', async () => {
      throw teapot()
    })
    expect((await app.inject('/')).json().message).toBe("I'm a teapot")
  })

  it('false: a coded 5xx keeps its code, with the phrase as message', async () => {
    const app = warren({ exposeServerErrors: false })
    app.get('/', { schema: { response: { 200: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } } }, async () => ({}))
    const res = await app.inject('/')
    expect(res.json()).toEqual({ statusCode: 500, code: 'SVC_ERR_RESPONSE_SERIALIZATION', error: 'Internal Server Error', message: 'Internal Server Error' })
  })

  it("false: a driver's code is hidden with its message (it names no status), an app's coded 5xx keeps its own, in both formats", async () => {
    const driverError = () => Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), { code: '23505', severity: 'ERROR' })
    const upstream = createError('APP_ERR_UPSTREAM', 'the payment service is down', 502)
    for (const errorFormat of ['fastify', 'problem'] as const) {
      const app = warren({ exposeServerErrors: false, errorFormat })
      app.get('/db', async () => {
        throw driverError()
      })
      app.get('/upstream', async () => {
        throw new upstream()
      })
      const db = await app.inject('/db')
      expect(db.statusCode).toBe(500)
      expect(db.json().code).toBeUndefined()
      expect(db.body).not.toMatch(/23505|users_email_key/)
      expect((await app.inject('/upstream')).json()).toMatchObject({ code: 'APP_ERR_UPSTREAM' })
    }
    // shown outside production, as Fastify shows it
    const exposed = warren({ exposeServerErrors: true })
    exposed.get('/db', async () => {
      throw driverError()
    })
    expect((await exposed.inject('/db')).json()).toMatchObject({ code: '23505' })
  })

  it('shows the message of a 5xx error written for clients (expose: true), in either format', async () => {
    for (const errorFormat of ['fastify', 'problem'] as const) {
      const app = warren({ exposeServerErrors: false, errorFormat })
      app.get('/maintenance', async () => {
        throw Object.assign(new Error('Down for maintenance until 17:00'), { statusCode: 503, expose: true, code: 'APP_ERR_MAINTENANCE' })
      })
      app.get('/quiet', async () => {
        throw Object.assign(new Error('pool exhausted'), { statusCode: 503, expose: false })
      })
      const shown = (await app.inject('/maintenance')).json()
      const quiet = (await app.inject('/quiet')).json()
      expect([shown.message ?? shown.detail, shown.code]).toEqual(['Down for maintenance until 17:00', 'APP_ERR_MAINTENANCE'])
      expect(quiet.message ?? quiet.detail).toBe('Service Unavailable')
    }
  })

  it('defaults to hiding under NODE_ENV=production and to exposing elsewhere', async () => {
    process.env.NODE_ENV = 'production'
    const production = warren()
    process.env.NODE_ENV = 'development'
    const development = warren()
    for (const app of [production, development]) {
      app.get('/', async () => {
        throw new Error('secret detail')
      })
    }
    expect((await production.inject('/')).json().message).toBe('Internal Server Error')
    expect((await development.inject('/')).json().message).toBe('secret detail')
  })

  it('is checked: a non-boolean is refused at start', () => {
    expect(() => warren({ exposeServerErrors: 'no' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID', message: expect.stringContaining('exposeServerErrors') }))
  })
})

describe('error logs', () => {
  it('logs a 4xx at info without a stack, a 5xx at error with one', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream } })
    app.get('/client', async () => {
      throw teapot()
    })
    app.get('/server', async () => {
      throw new Error('broken')
    })
    await app.inject('/client')
    await app.inject('/server')
    await settle()
    const client = lines.find((line) => line.msg === "I'm a teapot")
    expect(client).toMatchObject({ level: 30, err: { message: "I'm a teapot", statusCode: 418 } })
    expect(client.err.stack ?? '').toBe('')
    const server = lines.find((line) => line.msg === 'broken')
    expect(server.level).toBe(50)
    expect(server.err.stack).toContain('broken')
  })

  it("a 4xx logged through the application's own pino logger keeps the error's type (pino's serializer names it by name)", async () => {
    const lines: Array<Record<string, any>> = []
    const stream = new Writable({ write(chunk, _encoding, done) { lines.push(JSON.parse(String(chunk))); done() } })
    const app = warren({ loggerInstance: pino({ level: 'info' }, stream) })
    app.get('/client', async () => {
      throw teapot()
    })
    await app.inject('/client')
    await settle()
    const client = lines.find((line) => line.msg === "I'm a teapot")
    expect(client?.err).toMatchObject({ type: 'Error', message: "I'm a teapot", statusCode: 418 })
    expect(client?.err.stack ?? '').toBe('')
  })

  it("a 4xx is logged with its causes (a driver's error behind a 409) and its class as its type", async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream } })
    const OutOfStock = createError('APP_ERR_OUT_OF_STOCK', "Item '%s' is out of stock", 409)
    class QuotaError extends TypeError {}
    app.get('/stock', async () => {
      const driver = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })
      throw new OutOfStock('sku-1', { cause: driver })
    })
    app.get('/quota', async () => {
      throw Object.assign(new QuotaError('over quota'), { statusCode: 429 })
    })
    await app.inject('/stock')
    await app.inject('/quota')
    await settle()
    const stock = lines.find((line) => line.msg === "Item 'sku-1' is out of stock")
    expect(stock).toMatchObject({ level: 30, err: { code: 'APP_ERR_OUT_OF_STOCK', message: "Item 'sku-1' is out of stock: duplicate key value violates unique constraint" } })
    // the error's own stack is left out; its cause's says where the driver failed
    expect(stock.err.stack).toMatch(/^\ncaused by: Error: duplicate key value violates unique constraint\n {4}at /)
    const quota = lines.find((line) => line.msg === 'over quota')
    expect(quota.err.type).toBe('QuotaError')
  })

  it("a 4xx's log line carries the error's own properties: a validation failure's details, a detail of yours", async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream } })
    app.post('/items', { schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } }, async () => 'never')
    app.get('/gone', async () => {
      throw Object.assign(new Error('moved away'), { statusCode: 410, detail: 'see /v2/items' })
    })
    await app.inject({ method: 'POST', url: '/items', payload: {} })
    await app.inject('/gone')
    await settle()
    const invalid = lines.find((line) => line.level === 30 && line.err?.code === 'SVC_ERR_VALIDATION')
    expect(invalid.err).toMatchObject({ validationContext: 'body', validation: [expect.objectContaining({ keyword: 'required' })] })
    expect(invalid.err.stack).toBe('')
    const gone = lines.find((line) => line.msg === 'moved away')
    expect(gone.err).toMatchObject({ type: 'Error', statusCode: 410, detail: 'see /v2/items' })
  })

  it('disableRequestLogging silences them too, and the not-found line, as in Fastify 5; request.log stays', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream }, disableRequestLogging: (request: { url: string }) => request.url !== '/logged' })
    app.get('/server', async (request: any) => {
      request.log.info('mine')
      throw new Error('broken')
    })
    app.get('/logged', async () => {
      throw new Error('logged')
    })
    await app.inject('/server')
    await app.inject('/nowhere')
    await settle()
    expect(lines.map((line) => line.msg)).toEqual(['mine'])
    await app.inject('/logged')
    await app.inject('/logged/nowhere')
    await settle()
    expect(lines.map((line) => line.msg)).toEqual(['mine', 'incoming request', 'logged', 'request completed'])
    const logged = warren({ logger: { stream } })
    await logged.inject('/nowhere')
    await settle()
    expect(lines.at(-2)).toMatchObject({ level: 30, msg: 'Route GET:/nowhere not found' })
  })
})

describe('a status without a standard phrase', () => {
  it('499 and 599 bodies have no error key (nothing is named rather than a made-up name)', async () => {
    const app = warren()
    app.get('/:status', async (request: any) => {
      throw Object.assign(new Error('client closed'), { statusCode: Number(request.params.status) })
    })
    expect((await app.inject('/499')).json()).toStrictEqual({ statusCode: 499, message: 'client closed' })
    const coded = warren()
    coded.get('/', async () => {
      throw Object.assign(new Error('odd'), { statusCode: 599, code: 'APP_ODD' })
    })
    expect((await coded.inject('/')).json()).toStrictEqual({ statusCode: 599, code: 'APP_ODD', message: 'odd' })
  })
})
