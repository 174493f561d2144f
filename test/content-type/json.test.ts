import { describe, expect, it } from 'vitest'
import warren from 'warren'

function echoApp(options?: Record<string, unknown>): any {
  const app = warren(options)
  app.post('/', async (request: any) => ({
    body: request.body,
    ownProto: request.body !== null && typeof request.body === 'object' && Object.hasOwn(request.body, '__proto__'),
  }))
  return app
}

function postJson(app: any, payload: string, contentType = 'application/json') {
  return app.inject({ method: 'POST', url: '/', headers: { 'content-type': contentType }, payload })
}

const protoPayload = '{"a":1,"__proto__":{"isAdmin":true}}'
const constructorPayload = '{"a":1,"constructor":{"prototype":{"isAdmin":true}}}'

describe('application/json', () => {
  it('parses objects, arrays and scalars', async () => {
    const app = echoApp()
    expect((await postJson(app, '{"a":[1,{"b":null}]}')).json().body).toEqual({ a: [1, { b: null }] })
    expect((await postJson(app, '[1,2]')).json().body).toEqual([1, 2])
    expect((await postJson(app, '"text"')).json().body).toBe('text')
    expect((await postJson(app, '42')).json().body).toBe(42)
  })

  it('decodes UTF-8 split across chunks on a real socket', async () => {
    const app = echoApp()
    const address = await app.listen({ port: 0 })
    try {
      const bytes = Buffer.from(JSON.stringify({ word: 'żółw🐢' }))
      const stream = new ReadableStream({
        start(controller) {
          for (const byte of bytes) controller.enqueue(Uint8Array.of(byte))
          controller.close()
        },
      })
      const res = await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit)
      expect(res.status).toBe(200)
      expect(((await res.json()) as { body: unknown }).body).toEqual({ word: 'żółw🐢' })
    } finally {
      await app.close()
    }
  })

  it('answers invalid JSON with 400 SVC_ERR_CTP_INVALID_JSON_BODY', async () => {
    const app = echoApp()
    const res = await postJson(app, '{"a":')
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body).toMatchObject({ statusCode: 400, code: 'SVC_ERR_CTP_INVALID_JSON_BODY', error: 'Bad Request' })
    expect(body.message).toMatch(/^Body is not valid JSON but content-type is set to 'application\/json'/)
    expect(Object.keys(body).sort()).toEqual(['code', 'error', 'message', 'statusCode'])
  })

  it('gives the parser\'s reason without the part of the body it quotes, which may hold a secret', async () => {
    const app = echoApp()
    const res = await postJson(app, '{"password":"hunter2", "x": ,"card":"4111111111111111"}')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe("Body is not valid JSON but content-type is set to 'application/json': Unexpected token ','")
    expect(res.body).not.toMatch(/hunter2|4111/)
    const short = await postJson(app, 'secret')
    expect(short.json().message).toBe("Body is not valid JSON but content-type is set to 'application/json': Unexpected token 's'")
  })

  it('answers an empty JSON body with 400 SVC_ERR_CTP_EMPTY_JSON_BODY', async () => {
    const app = echoApp()
    const res = await postJson(app, '')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'SVC_ERR_CTP_EMPTY_JSON_BODY',
      error: 'Bad Request',
      message: "Body cannot be empty when content-type is set to 'application/json'",
    })
  })

  it('treats a whitespace-only JSON body as invalid JSON', async () => {
    const res = await postJson(echoApp(), '   ')
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('SVC_ERR_CTP_INVALID_JSON_BODY')
  })

  it('answers an empty JSON body on a real socket too', async () => {
    const app = echoApp()
    const address = await app.listen({ port: 0 })
    try {
      const res = await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { code: string }).code).toBe('SVC_ERR_CTP_EMPTY_JSON_BODY')
    } finally {
      await app.close()
    }
  })
})

describe('prototype poisoning', () => {
  it('rejects __proto__ and constructor.prototype with 400 by default, saying the key is forbidden (not that the JSON is invalid)', async () => {
    const app = echoApp()
    for (const payload of [protoPayload, constructorPayload, '[{"nested":{"__proto__":{"x":1}}}]']) {
      const res = await postJson(app, payload)
      expect(res.statusCode, payload).toBe(400)
      expect(res.json(), payload).toEqual({ statusCode: 400, code: 'SVC_ERR_CTP_FORBIDDEN_PROPERTY', error: 'Bad Request', message: expect.stringContaining('forbidden property (__proto__ or constructor.prototype)') })
      expect(res.json().message).not.toMatch(/not valid JSON/)
    }
    expect(({} as any).isAdmin).toBeUndefined()
  })

  it('accepts a harmless constructor key', async () => {
    const res = await postJson(echoApp(), '{"constructor":"Person"}')
    expect(res.statusCode).toBe(200)
    expect(res.json().body).toEqual({ constructor: 'Person' })
  })

  it("onProtoPoisoning: 'remove' drops the key and keeps the rest", async () => {
    const app = echoApp({ onProtoPoisoning: 'remove' })
    const res = await postJson(app, protoPayload)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ body: { a: 1 }, ownProto: false })
    // constructor.prototype keeps its own default
    expect((await postJson(app, constructorPayload)).statusCode).toBe(400)
  })

  it("onProtoPoisoning: 'ignore' keeps the key as an own property without polluting prototypes", async () => {
    const app = warren({ onProtoPoisoning: 'ignore' })
    app.post('/', async (request: any) => ({ own: Object.hasOwn(request.body, '__proto__'), inherited: request.body.isAdmin === true }))
    const res = await postJson(app, protoPayload)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ own: true, inherited: false })
    expect(({} as any).isAdmin).toBeUndefined()
  })

  it("onConstructorPoisoning: 'remove' drops constructor.prototype", async () => {
    const app = echoApp({ onConstructorPoisoning: 'remove' })
    const res = await postJson(app, constructorPayload)
    expect(res.statusCode).toBe(200)
    expect(res.json().body).toEqual({ a: 1 })
    expect((await postJson(app, protoPayload)).statusCode).toBe(400)
  })

  it("onConstructorPoisoning: 'ignore' keeps it", async () => {
    const app = echoApp({ onConstructorPoisoning: 'ignore' })
    const res = await postJson(app, constructorPayload)
    expect(res.statusCode).toBe(200)
    expect(res.json().body).toEqual({ a: 1, constructor: { prototype: { isAdmin: true } } })
  })

  it("'error' may be set explicitly, and bad option values are refused at the factory", () => {
    expect(() => warren({ onProtoPoisoning: 'error', onConstructorPoisoning: 'error' })).not.toThrow()
    // @ts-expect-error 'drop' is not a ProtoAction: the types refuse it; the test checks the factory refuses it too
    expect(() => warren({ onProtoPoisoning: 'drop' })).toThrow(/onProtoPoisoning/)
    // @ts-expect-error a boolean is not a ProtoAction: the types refuse it; the test checks the factory refuses it too
    expect(() => warren({ onConstructorPoisoning: true })).toThrow(/onConstructorPoisoning/)
  })

  it('protects the body on a real socket', async () => {
    const app = echoApp()
    const address = await app.listen({ port: 0 })
    try {
      const res = await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: protoPayload })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { code: string }).code).toBe('SVC_ERR_CTP_FORBIDDEN_PROPERTY')
    } finally {
      await app.close()
    }
  })
})
