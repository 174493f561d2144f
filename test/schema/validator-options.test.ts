import { describe, expect, it } from 'vitest'
import ajvErrorsModule from 'ajv-errors'
import localizeModule from 'ajv-i18n'
import fastUri from 'fast-uri'
import { createRequire } from 'node:module'
import warren, { Type } from 'warren'

const require = createRequire(import.meta.url)
/** ajv-errors is CommonJS: its default import is the plugin at run time, whatever its typings say. */
const ajvErrors = ajvErrorsModule.default
/** ajv-i18n is CommonJS too: its module object is the table of translators. */
const localize: Record<string, (errors: unknown) => void> = localizeModule as any

/** An Ajv plugin that hands out the Ajv instance warren built, to read its options. */
function capture(into: { ajv?: any }) {
  return (ajv: any) => {
    into.ajv = ajv
    return ajv
  }
}

function echoBody(app: any, schema: unknown, options: Record<string, unknown> = {}) {
  app.post('/', { schema: { body: schema }, ...options }, async (request: any) => request.body)
}

describe('2.8 validator baseline', () => {
  it('2.8 the default Ajv instance carries exactly the baseline options', async () => {
    const seen: { ajv?: any } = {}
    const app = warren({ validator: { plugins: [capture(seen)] } })
    echoBody(app, Type.Object({ a: Type.String() }))
    await app.ready()
    const opts = seen.ajv.opts
    expect(opts.coerceTypes).toBe('array')
    expect(opts.useDefaults).toBe(true)
    expect(opts.removeAdditional).toBe(true)
    expect(opts.uriResolver).toBe(fastUri)
    expect(opts.addUsedSchema).toBe(false)
    expect(opts.allErrors).toBe(false)
    await app.close()
  })

  it('2.8 the default validator is Ajv version 8 (spec 9)', () => {
    expect(require('ajv/package.json').version).toMatch(/^8\./)
  })

  it('2.8 coerceTypes "array": scalars are coerced and a single value becomes a one-element array', async () => {
    const app = warren()
    app.get('/', { schema: { querystring: Type.Object({ n: Type.Integer(), b: Type.Boolean(), tags: Type.Array(Type.String()) }) } }, async (request: any) => request.query)
    const res = await app.inject('/?n=42&b=true&tags=one')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ n: 42, b: true, tags: ['one'] })
    const bad = await app.inject('/?n=forty-two&b=true&tags=one')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('querystring/n must be integer')
  })

  it('2.8 useDefaults: missing properties and items are filled from default', async () => {
    const app = warren()
    echoBody(app, Type.Object({
      name: Type.String(),
      role: Type.String({ default: 'member' }),
      pair: Type.Tuple([Type.Integer(), Type.Integer({ default: 7 })]),
    }))
    const res = await app.inject({ method: 'POST', url: '/', payload: { name: 'ann', pair: [1] } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ name: 'ann', role: 'member', pair: [1, 7] })
  })

  it('2.8 removeAdditional: properties are removed where additionalProperties is false, kept elsewhere', async () => {
    const app = warren()
    echoBody(app, Type.Object({
      strict: Type.Object({ a: Type.Integer() }, { additionalProperties: false }),
      open: Type.Object({ a: Type.Integer() }),
    }))
    const res = await app.inject({ method: 'POST', url: '/', payload: { strict: { a: 1, extra: 2 }, open: { a: 1, extra: 2 } } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ strict: { a: 1 }, open: { a: 1, extra: 2 } })
  })

  it('2.8 allErrors false: validation stops at the first error', async () => {
    const countErrors = async (app: any) => {
      app.post('/', { schema: { body: Type.Object({ a: Type.String(), b: Type.String(), c: Type.String() }) }, attachValidation: true }, async (request: any) => ({
        count: request.validationError.validation.length,
      }))
      return (await app.inject({ method: 'POST', url: '/', payload: { a: {}, b: [{}] } })).json().count
    }
    expect(await countErrors(warren())).toBe(1)
    expect(await countErrors(warren({ validator: { customOptions: { allErrors: true } } }))).toBe(3)
  })

  it('2.8 addUsedSchema false: two routes may carry inline schemas with the same $id', async () => {
    const app = warren()
    app.post('/a', { schema: { body: { $id: 'inline', type: 'object', properties: { a: { type: 'integer' } } } } }, async (request: any) => request.body)
    app.post('/b', { schema: { body: { $id: 'inline', type: 'object', properties: { b: { type: 'string' } } } } }, async (request: any) => request.body)
    await app.ready()
    expect((await app.inject({ method: 'POST', url: '/a', payload: { a: '1' } })).json()).toEqual({ a: 1 })
    expect((await app.inject({ method: 'POST', url: '/b', payload: { b: 2 } })).json()).toEqual({ b: '2' })
  })

  it('2.8 ajv-formats is installed: format keywords are checked', async () => {
    const app = warren()
    echoBody(app, Type.Object({ email: Type.String({ format: 'email' }), at: Type.String({ format: 'date-time' }) }))
    const ok = await app.inject({ method: 'POST', url: '/', payload: { email: 'a@b.io', at: '2024-01-02T03:04:05Z' } })
    expect(ok.statusCode).toBe(200)
    const bad = await app.inject({ method: 'POST', url: '/', payload: { email: 'nope', at: '2024-01-02T03:04:05Z' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('body/email must match format "email"')
  })
})

describe('4.1 validator factory option', () => {
  it('4.1 validator.customOptions overrides the baseline (coerceTypes false)', async () => {
    const app = warren({ validator: { customOptions: { coerceTypes: false } } })
    app.get('/', { schema: { querystring: Type.Object({ n: Type.Integer() }) } }, async (request: any) => request.query)
    const res = await app.inject('/?n=1')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('querystring/n must be integer')
  })

  it('4.1 validator.customOptions overrides the baseline (removeAdditional false, useDefaults false)', async () => {
    const app = warren({ validator: { customOptions: { removeAdditional: false, useDefaults: false } } })
    echoBody(app, Type.Object({ a: Type.Integer(), d: Type.Optional(Type.String({ default: 'x' })) }, { additionalProperties: false }))
    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1, extra: true } })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('body must NOT have additional properties')
    expect((await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })).json()).toEqual({ a: 1 })
  })

  it('4.1 validator.customOptions keeps the rest of the baseline', async () => {
    const seen: { ajv?: any } = {}
    const app = warren({ validator: { customOptions: { allErrors: true }, plugins: [capture(seen)] } })
    echoBody(app, Type.Object({ a: Type.String() }))
    await app.ready()
    expect(seen.ajv.opts.allErrors).toBe(true)
    expect(seen.ajv.opts.coerceTypes).toBe('array')
    expect(seen.ajv.opts.removeAdditional).toBe(true)
  })

  it('4.1 validator.plugins accepts a plugin and a [plugin, options] pair', async () => {
    const calls: unknown[] = []
    const bare = (ajv: any) => {
      calls.push('bare')
      ajv.addKeyword({ keyword: 'even', type: 'number', validate: (_schema: unknown, data: number) => data % 2 === 0, errors: false })
      return ajv
    }
    const withOptions = (ajv: any, options: { word: string }) => {
      calls.push(options)
      ajv.addKeyword({ keyword: options.word, type: 'string', validate: (_schema: unknown, data: string) => data === data.toUpperCase(), errors: false })
      return ajv
    }
    const app = warren({ validator: { plugins: [bare, [withOptions, { word: 'shouting' }]] } })
    echoBody(app, { type: 'object', properties: { n: { type: 'integer', even: true }, s: { type: 'string', shouting: true } } })
    expect((await app.inject({ method: 'POST', url: '/', payload: { n: 2, s: 'HI' } })).statusCode).toBe(200)
    const odd = await app.inject({ method: 'POST', url: '/', payload: { n: 3, s: 'HI' } })
    expect(odd.statusCode).toBe(400)
    expect(odd.json().message).toBe('body/n must pass "even" keyword validation')
    expect((await app.inject({ method: 'POST', url: '/', payload: { n: 2, s: 'hi' } })).statusCode).toBe(400)
    expect(calls).toEqual(['bare', { word: 'shouting' }])
  })

  it('4.1 a wrong validator option is rejected at construction', () => {
    expect(() => warren({ validator: { plugins: 'nope' as any } })).toThrow(/validator.plugins/)
    expect(() => warren({ validator: { customOptions: 3 as any } })).toThrow(/validator.customOptions/)
    expect(() => warren({ validator: [] as any })).toThrow(/validator/)
  })

  it('4.1 a validator plugin that fails makes start-up fail with its error', async () => {
    const app = warren({ validator: { plugins: [() => { throw new Error('plugin needs Ajv 6') }] } })
    echoBody(app, Type.Object({ a: Type.String() }))
    await expect(app.ready()).rejects.toThrow('plugin needs Ajv 6')
  })
})

describe('7.7 ajv-errors and ajv-i18n', () => {
  const user = Type.Object({
    name: Type.String({ minLength: 2, errorMessage: { minLength: 'name is too short' } }),
    age: Type.Integer({ minimum: 0 }),
  }, { errorMessage: { required: { name: 'please tell us your name' } } })

  it('7.7 errorMessage works with ajv-errors and allErrors: true (jsonPointers accepted)', async () => {
    const app = warren({ validator: { customOptions: { allErrors: true, jsonPointers: true }, plugins: [ajvErrors] } })
    echoBody(app, user)
    const short = await app.inject({ method: 'POST', url: '/', payload: { name: 'a', age: 3 } })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'body/name name is too short' })
    const missing = await app.inject({ method: 'POST', url: '/', payload: { age: 3 } })
    expect(missing.json().message).toBe('body please tell us your name')
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'ann', age: 3 } })).statusCode).toBe(200)
  })

  it('7.7 ajv-errors as [plugin, options] (singleError)', async () => {
    const app = warren({ validator: { customOptions: { allErrors: true }, plugins: [[ajvErrors, { singleError: true }]] } })
    echoBody(app, Type.Object({ a: Type.Integer(), b: Type.Integer() }, { errorMessage: 'a and b must be integers' }))
    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 'x', b: 'y' } })
    expect(res.json().message).toBe('body a and b must be integers')
  })

  it('7.7 ajv-errors without allErrors: true fails at start-up, not at request time', async () => {
    const app = warren({ validator: { plugins: [ajvErrors] } })
    echoBody(app, user)
    await expect(app.ready()).rejects.toThrow(/allErrors/)
  })

  it('7.7 a custom error handler localises error.validation with ajv-i18n', async () => {
    const app = warren()
    app.setErrorHandler((error: any, request: any, reply: any) => {
      if (error.validation === undefined) return reply.send(error)
      const language = request.headers['accept-language'] === 'de' ? 'de' : 'fr'
      localize[language](error.validation)
      const message = error.validation.map((item: any) => `${error.validationContext}${item.instancePath} ${item.message}`).join(', ')
      reply.status(400).send({ statusCode: 400, error: 'Bad Request', message })
    })
    echoBody(app, Type.Object({ name: Type.String(), age: Type.Integer() }))
    const de = await app.inject({ method: 'POST', url: '/', payload: { age: 1 }, headers: { 'accept-language': 'de' } })
    expect(de.statusCode).toBe(400)
    expect(de.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'body muss das erforderliche Attribut name enthalten' })
    const fr = await app.inject({ method: 'POST', url: '/', payload: { name: 'x', age: 'old' } })
    expect(fr.json().message).toBe('body/age doit être de type integer')
  })
})

describe('a validator plugin that refuses the configuration', () => {
  it('fails start-up with SVC_ERR_INIT_OPTS_INVALID naming the plugin (ajv-errors without allErrors)', async () => {
    const app = warren({ validator: { plugins: [ajvErrors] } })
    app.post('/', { schema: { body: { type: 'object', properties: { a: { type: 'string' } } } } }, async () => 'ok')
    await expect(app.ready()).rejects.toMatchObject({
      code: 'SVC_ERR_INIT_OPTS_INVALID',
      message: expect.stringMatching(/validator\.plugins.*refused the configuration.*allErrors/),
    })
  })
})

describe('setValidatorOptions: validator options per context', () => {
  const withMessage = {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string', minLength: 2 } },
    errorMessage: { required: { name: 'a name is needed' }, properties: { name: 'the name is too short' } },
  }

  it('gives one context allErrors and ajv-errors while the rest of the app keeps the baseline', async () => {
    const app = warren()
    app.register(async (custom) => {
      custom.setValidatorOptions({ customOptions: { allErrors: true }, plugins: [ajvErrors] })
      custom.post('/custom', { schema: { body: withMessage } }, async () => 'ok')
      custom.register(async (grandchild) => {
        grandchild.post('/custom/deeper', { schema: { body: withMessage } }, async () => 'ok')
      })
    })
    app.post('/plain', { schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 2 } } } } }, async () => 'ok')

    const custom = await app.inject({ method: 'POST', url: '/custom', payload: { name: 'x' } })
    expect(custom.statusCode).toBe(400)
    expect(custom.json().message).toBe('body/name the name is too short')
    const deeper = await app.inject({ method: 'POST', url: '/custom/deeper', payload: {} })
    expect(deeper.json().message).toBe('body a name is needed')
    const plain = await app.inject({ method: 'POST', url: '/plain', payload: { name: 'x' } })
    expect(plain.statusCode).toBe(400)
    expect(plain.json().message).toBe('body/name must NOT have fewer than 2 characters')
  })

  it('a schema using errorMessage outside that context still fails start-up (strict mode), naming the route', async () => {
    const app = warren()
    app.register(async (custom) => {
      custom.setValidatorOptions({ customOptions: { allErrors: true }, plugins: [ajvErrors] })
    })
    app.post('/outside', { schema: { body: withMessage } }, async () => 'ok')
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD', message: expect.stringContaining('/outside') })
  })

  it('refuses options that are not an object, and calls after start', async () => {
    const app = warren()
    expect(() => app.setValidatorOptions('allErrors' as never)).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID' }))
    expect(() => app.setValidatorOptions({ plugins: ajvErrors as never })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID', message: expect.stringContaining('plugins') }))
    await app.ready()
    expect(() => app.setValidatorOptions({})).toThrow(expect.objectContaining({ code: 'SVC_ERR_INSTANCE_ALREADY_LISTENING' }))
  })
})
