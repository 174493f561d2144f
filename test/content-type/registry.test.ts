import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import warren, { codes, plugin } from 'warren'

/** A route that echoes what the parser produced, and its JS type. */
function echo(app: any, url = '/'): void {
  app.post(url, async (request: any) => ({ body: request.body, kind: Buffer.isBuffer(request.body) ? 'buffer' : typeof request.body }))
}

function post(app: any, url: string, contentType: string, payload: string | Buffer) {
  return app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload })
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = ''
  for await (const chunk of stream) text += chunk.toString()
  return text
}

describe('parser forms', () => {
  it('parseAs string hands the body as a string to a callback parser', async () => {
    const app = warren()
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req: any, body: any, done: any) => {
      done(null, { rows: (body as string).split('\n').map((line) => line.split(',')), type: typeof body })
    })
    echo(app)
    const res = await post(app, '/', 'text/csv', 'a,b\nc,d')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ body: { rows: [['a', 'b'], ['c', 'd']], type: 'string' }, kind: 'object' })
  })

  it('parseAs buffer hands the body as a Buffer to an async parser', async () => {
    const app = warren()
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, async (_req: any, body: any) => {
      return { isBuffer: Buffer.isBuffer(body), bytes: [...(body as Buffer)] }
    })
    echo(app)
    const res = await post(app, '/', 'application/octet-stream', Buffer.from([0, 1, 255]))
    expect(res.json()).toEqual({ body: { isBuffer: true, bytes: [0, 1, 255] }, kind: 'object' })
  })

  it('a parser may leave the Buffer itself as the body', async () => {
    const app = warren()
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req: any, body: any, done: any) => done(null, body))
    app.post('/', async (request: any) => ({ isBuffer: Buffer.isBuffer(request.body), length: request.body.length }))
    const res = await post(app, '/', 'application/octet-stream', Buffer.alloc(3000, 7))
    expect(res.json()).toEqual({ isBuffer: true, length: 3000 })
  })

  it('without parseAs the parser receives the payload stream (callback form)', async () => {
    const app = warren()
    app.addContentTypeParser('text/x-stream', (_req: any, payload: any, done: any) => {
      expect(payload).toBeInstanceOf(Readable)
      readAll(payload).then((text) => done(null, text.toUpperCase()), done)
    })
    echo(app)
    const res = await post(app, '/', 'text/x-stream', 'streamed body')
    expect(res.json()).toEqual({ body: 'STREAMED BODY', kind: 'string' })
  })

  it('without parseAs the parser receives the payload stream (async form)', async () => {
    const app = warren()
    app.addContentTypeParser('text/x-stream', async (_req: any, payload: any) => (await readAll(payload)).length)
    echo(app)
    const res = await post(app, '/', 'text/x-stream', 'x'.repeat(70_000))
    expect(res.json()).toEqual({ body: 70_000, kind: 'number' })
  })

  it('passes the request to the parser and binds this to the instance', async () => {
    const app = warren()
    app.decorate('tag', 'instance')
    app.addContentTypeParser('text/x-who', { parseAs: 'string' }, function (this: any, request: any, body: any, done: any) {
      done(null, { tag: this.tag, url: request.url, body })
    })
    echo(app)
    const res = await post(app, '/', 'text/x-who', 'hi')
    expect(res.json().body).toEqual({ tag: 'instance', url: '/', body: 'hi' })
  })

  it('registers one parser for an array of types', async () => {
    const app = warren()
    app.addContentTypeParser(['text/a', 'text/b'], { parseAs: 'string' }, (_req: any, body: any, done: any) => done(null, `parsed:${body}`))
    echo(app)
    expect((await post(app, '/', 'text/a', '1')).json().body).toBe('parsed:1')
    expect((await post(app, '/', 'text/b', '2')).json().body).toBe('parsed:2')
    expect(app.hasContentTypeParser('text/a')).toBe(true)
    expect(app.hasContentTypeParser('text/b')).toBe(true)
  })

  it('parses text/plain as a string by default', async () => {
    const app = warren()
    echo(app)
    const res = await post(app, '/', 'text/plain; charset=utf-8', 'héllo')
    expect(res.json()).toEqual({ body: 'héllo', kind: 'string' })
  })
})

describe('matching', () => {
  it('matches on the essence: parameters, case and spaces are ignored', async () => {
    const app = warren()
    echo(app)
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8', ' application/json ; q=1']) {
      const res = await post(app, '/', type, '{"a":1}')
      expect(res.statusCode, type).toBe(200)
      expect(res.json().body, type).toEqual({ a: 1 })
    }
  })

  it('a type registered in upper case matches its essence, with any parameters', async () => {
    const app = warren()
    app.addContentTypeParser('Text/X-Custom', { parseAs: 'string' }, (_req: any, body: any, done: any) => done(null, `custom:${body}`))
    echo(app)
    expect((await post(app, '/', 'text/x-custom', 'a')).json().body).toBe('custom:a')
    expect((await post(app, '/', 'TEXT/X-CUSTOM ; Charset="utf-8"', 'b')).json().body).toBe('custom:b')
    expect(app.hasContentTypeParser('text/x-custom')).toBe(true)
  })

  it('a type registered with parameters matches only requests with exactly those parameters', async () => {
    const app = warren()
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('application/custom; version=2; charset=utf-8', { parseAs: 'string' }, (_req: any, _body: any, done: any) => done(null, 'v2'))
    echo(app)
    // names in any case, values quoted or not: the same parameters
    expect((await post(app, '/', 'Application/Custom; Version="2"; CHARSET=utf-8', 'x')).json().body).toBe('v2')
    for (const other of ['application/custom', 'application/custom; version=2', 'application/custom; version=3; charset=utf-8']) {
      const res = await post(app, '/', other, 'x')
      expect(res.statusCode).toBe(415)
      expect(res.json().code).toBe('SVC_ERR_CTP_INVALID_MEDIA_TYPE')
    }
    expect(app.hasContentTypeParser('application/custom; version=2; charset="utf-8"')).toBe(true)
    expect(app.hasContentTypeParser('application/custom')).toBe(false)
  })

  it('a parameterised parser wins over the bare type, in the context and its children', async () => {
    const app = warren()
    const answer = (value: string) => (_req: any, _body: any, done: any) => done(null, value)
    app.addContentTypeParser('application/custom', { parseAs: 'string' }, answer('bare'))
    app.addContentTypeParser('application/custom; version=2', { parseAs: 'string' }, answer('v2'))
    echo(app)
    app.register(async (child: any) => {
      child.removeContentTypeParser('application/custom')
      child.addContentTypeParser('application/custom', { parseAs: 'string' }, answer('child'))
      echo(child, '/child')
    })
    // twice: the second round answers from the lookup cache
    for (let round = 0; round < 2; round++) {
      expect((await post(app, '/', 'application/custom; charset=utf-8', 'x')).json().body).toBe('bare')
      expect((await post(app, '/child', 'application/custom; charset=utf-8', 'x')).json().body).toBe('child')
      expect((await post(app, '/', 'application/custom; version=2', 'x')).json().body).toBe('v2')
      expect((await post(app, '/child', 'application/custom; version=2', 'x')).json().body).toBe('v2')
    }
    expect(app.hasContentTypeParser('application/custom; version="2"')).toBe(true)
  })

  it('removing a parameterised parser leaves the bare type\'s', async () => {
    const app = warren()
    const answer = (value: string) => (_req: any, _body: any, done: any) => done(null, value)
    app.addContentTypeParser('application/custom', { parseAs: 'string' }, answer('bare'))
    app.addContentTypeParser('application/custom; version=2', { parseAs: 'string' }, answer('v2'))
    app.removeContentTypeParser('application/custom; Version="2"')
    echo(app)
    expect((await post(app, '/', 'application/custom; version=2', 'x')).json().body).toBe('bare')
    expect(app.hasContentTypeParser('application/custom')).toBe(true)
  })

  it('removing something that is no content type throws SVC_ERR_CTP_INVALID_TYPE, as adding it does', () => {
    const app = warren()
    expect(() => app.removeContentTypeParser(42 as unknown as string)).toThrow(expect.objectContaining({ code: 'SVC_ERR_CTP_INVALID_TYPE' }))
  })

  it('a RegExp matches the essence, or the canonical spelling with parameters', async () => {
    const app = warren()
    app.removeAllContentTypeParsers()
    app.addContentTypeParser(/^application\/vnd\.[a-z]+\+json$/, { parseAs: 'string' }, (_req: any, _body: any, done: any) => done(null, 'essence'))
    app.addContentTypeParser(/^text\/x; level="1"$/, { parseAs: 'string' }, (_req: any, _body: any, done: any) => done(null, 'with parameters'))
    echo(app)
    expect((await post(app, '/', 'application/vnd.a+json; charset=utf-8', '{}')).json().body).toBe('essence')
    expect((await post(app, '/', 'text/x; Level=1', 'x')).json().body).toBe('with parameters')
    expect((await post(app, '/', 'text/x; level=2', 'x')).statusCode).toBe(415)
    expect((await post(app, '/', 'text/x', 'x')).statusCode).toBe(415)
  })

  it('does not match a different subtype that merely starts the same', async () => {
    const app = warren()
    echo(app)
    const res = await post(app, '/', 'application/jsonp', '{}')
    expect(res.statusCode).toBe(415)
    expect(res.json().code).toBe('SVC_ERR_CTP_INVALID_MEDIA_TYPE')
  })

  it('prefers an exact string over a RegExp, whatever the order of registration', async () => {
    const app = warren()
    app.addContentTypeParser(/^application\/.*json$/, { parseAs: 'string' }, (_req: any, _body: any, done: any) => done(null, 'regexp'))
    app.addContentTypeParser('application/vnd.api+json', { parseAs: 'string' }, (_req: any, _body: any, done: any) => done(null, 'exact'))
    echo(app)
    expect((await post(app, '/', 'application/vnd.api+json', '{}')).json().body).toBe('exact')
    expect((await post(app, '/', 'application/hal+json; charset=utf-8', '{}')).json().body).toBe('regexp')
    // the built-in exact application/json still wins over the RegExp that would also match it
    expect((await post(app, '/', 'application/json', '{"a":1}')).json().body).toEqual({ a: 1 })
  })

  it('tries the RegExp added last first (the later, more specific one wins) and tests them against the essence', async () => {
    const app = warren()
    app.addContentTypeParser(/^image\//, { parseAs: 'buffer' }, (_req: any, _body: any, done: any) => done(null, 'general'))
    app.addContentTypeParser(/^image\/png$/, { parseAs: 'buffer' }, (_req: any, _body: any, done: any) => done(null, 'specific'))
    echo(app)
    expect((await post(app, '/', 'IMAGE/PNG; foo=bar', 'x')).json().body).toBe('specific')
    expect((await post(app, '/', 'image/gif', 'x')).json().body).toBe('general')
  })

  it("a child context's RegExp is tried before its parent's", async () => {
    const app = warren()
    app.addContentTypeParser(/json$/, { parseAs: 'string' }, (_req: any, _body: any, done: any) => done(null, 'parent'))
    app.register(async (child: any) => {
      child.addContentTypeParser(/^application\/vnd\./, { parseAs: 'string' }, (_req: any, _body: any, done: any) => done(null, 'child'))
      echo(child)
    }, { prefix: '/child' })
    echo(app)
    expect((await post(app, '/child/', 'application/vnd.api+json', '{}')).json().body).toBe('child')
    expect((await post(app, '/', 'application/vnd.api+json', '{}')).json().body).toBe('parent')
  })

  it("'*' catches every type nothing else matches, as a stream by default", async () => {
    const app = warren()
    app.addContentTypeParser('*', async (request: any, payload: any) => ({ type: request.headers['content-type'], text: await readAll(payload) }))
    echo(app)
    expect((await post(app, '/', 'application/x-anything', 'abc')).json().body).toEqual({ type: 'application/x-anything', text: 'abc' })
    expect((await post(app, '/', 'application/json', '{"a":1}')).json().body).toEqual({ a: 1 })
    expect(app.hasContentTypeParser('*')).toBe(true)
  })

  it("'*' also receives a body sent without a content-type", async () => {
    const app = warren()
    app.addContentTypeParser('*', { parseAs: 'string' }, (_req: any, body: any, done: any) => done(null, `any:${body}`))
    echo(app)
    const res = await app.inject({ method: 'POST', url: '/', payload: 'raw' , headers: { 'content-type': undefined } })
    expect(res.statusCode).toBe(200)
    expect(res.json().body).toBe('any:raw')
  })
})

describe('encapsulation', () => {
  it('a child sees its parent parsers; the parent never sees the child ones', async () => {
    const app = warren()
    app.addContentTypeParser('text/root', { parseAs: 'string' }, (_req: any, body: any, done: any) => done(null, `root:${body}`))
    app.register(async (child: any) => {
      child.addContentTypeParser('text/child', { parseAs: 'string' }, (_req: any, body: any, done: any) => done(null, `child:${body}`))
      child.register(async (grandchild: any) => {
        grandchild.addContentTypeParser(/^text\/grand/, { parseAs: 'buffer' }, (_req: any, body: any, done: any) => done(null, `grand:${body.length}`))
        grandchild.addContentTypeParser('text/x-stream', async (_req: any, payload: any) => `stream:${await readAll(payload)}`)
        echo(grandchild, '/grandchild')
      })
      echo(child, '/child')
    })
    echo(app, '/root')
    await app.ready()

    expect((await post(app, '/grandchild', 'text/root', 'a')).json().body).toBe('root:a')
    expect((await post(app, '/grandchild', 'text/child', 'b')).json().body).toBe('child:b')
    expect((await post(app, '/grandchild', 'text/grandchild', 'ccc')).json().body).toBe('grand:3')
    expect((await post(app, '/grandchild', 'text/x-stream', 'dd')).json().body).toBe('stream:dd')
    expect((await post(app, '/child', 'text/x-stream', 'dd')).statusCode).toBe(415)

    expect((await post(app, '/child', 'text/child', 'b')).json().body).toBe('child:b')
    expect((await post(app, '/child', 'text/grandchild', 'c')).statusCode).toBe(415)

    expect((await post(app, '/root', 'text/root', 'a')).json().body).toBe('root:a')
    expect((await post(app, '/root', 'text/child', 'b')).statusCode).toBe(415)
    expect(app.hasContentTypeParser('text/child')).toBe(false)
    expect(app.hasContentTypeParser(/^text\/grand/)).toBe(false)
  })

  it("a child's removals and replacements don't reach the parent or siblings", async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.removeContentTypeParser('application/json')
      child.addContentTypeParser('application/json', { parseAs: 'string' }, (_req: any, body: any, done: any) => done(null, { raw: body }))
      echo(child, '/replaced')
    })
    app.register(async (child: any) => {
      child.removeAllContentTypeParsers()
      expect(child.hasContentTypeParser('application/json')).toBe(false)
      expect(child.hasContentTypeParser('text/plain')).toBe(false)
      echo(child, '/none')
    })
    app.register(async (sibling: any) => echo(sibling, '/sibling'))
    echo(app, '/root')
    await app.ready()

    expect((await post(app, '/replaced', 'application/json', '{"a":1}')).json().body).toEqual({ raw: '{"a":1}' })
    const none = await post(app, '/none', 'application/json', '{"a":1}')
    expect(none.statusCode).toBe(415)
    expect(none.json()).toEqual({ statusCode: 415, code: 'SVC_ERR_CTP_INVALID_MEDIA_TYPE', error: 'Unsupported Media Type', message: 'Unsupported Media Type' })
    expect((await post(app, '/sibling', 'application/json', '{"a":1}')).json().body).toEqual({ a: 1 })
    expect((await post(app, '/root', 'application/json', '{"a":1}')).json().body).toEqual({ a: 1 })
    expect(app.hasContentTypeParser('application/json')).toBe(true)
  })

  it('a parser added by a plugin() wrapped plugin reaches the parent', async () => {
    const app = warren()
    app.register(plugin(async (shared: any) => {
      shared.addContentTypeParser('text/shared', { parseAs: 'string' }, (_req: any, body: any, done: any) => done(null, `shared:${body}`))
    }))
    echo(app)
    await app.ready()
    expect(app.hasContentTypeParser('text/shared')).toBe(true)
    expect((await post(app, '/', 'text/shared', 'x')).json().body).toBe('shared:x')
  })

  it('a child registered before the parent adds a parser still inherits it (contexts are built at load)', async () => {
    const app = warren()
    app.register(async (child: any) => echo(child, '/child'))
    app.addContentTypeParser('text/late', { parseAs: 'string' }, (_req: any, body: any, done: any) => done(null, `late:${body}`))
    expect((await post(app, '/child', 'text/late', 'x')).json().body).toBe('late:x')
  })

  it('the catch-all of a child stays in the child', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.addContentTypeParser('*', { parseAs: 'string' }, (_req: any, body: any, done: any) => done(null, `star:${body}`))
      echo(child, '/child')
    })
    echo(app, '/root')
    expect((await post(app, '/child', 'application/x-foo', 'x')).json().body).toBe('star:x')
    expect((await post(app, '/root', 'application/x-foo', 'x')).statusCode).toBe(415)
  })
})

describe('registry operations', () => {
  it('hasContentTypeParser knows the built-ins, essences and RegExps', () => {
    const app = warren()
    expect(app.hasContentTypeParser('application/json')).toBe(true)
    expect(app.hasContentTypeParser('APPLICATION/JSON')).toBe(true)
    // a type with parameters names another parser than its bare type
    expect(app.hasContentTypeParser('application/json; charset=utf-8')).toBe(false)
    expect(app.hasContentTypeParser('text/plain')).toBe(true)
    expect(app.hasContentTypeParser('text/html')).toBe(false)
    expect(app.hasContentTypeParser('*')).toBe(false)
    app.addContentTypeParser(/^video\//, (_req: any, payload: any, done: any) => done(null, payload))
    expect(app.hasContentTypeParser(/^video\//)).toBe(true)
    expect(app.hasContentTypeParser(/^video\//i)).toBe(false)
  })

  it('removeContentTypeParser removes strings, RegExps and arrays of both', async () => {
    const app = warren()
    app.addContentTypeParser(/^video\//, (_req: any, payload: any, done: any) => done(null, payload))
    app.removeContentTypeParser(['text/plain', /^video\//])
    expect(app.hasContentTypeParser('text/plain')).toBe(false)
    expect(app.hasContentTypeParser(/^video\//)).toBe(false)
    app.removeContentTypeParser('application/json')
    echo(app)
    expect((await post(app, '/', 'application/json', '{}')).statusCode).toBe(415)
    expect((await post(app, '/', 'text/plain', 'x')).statusCode).toBe(415)
  })

  it('a removed type can be registered again', async () => {
    const app = warren()
    app.removeContentTypeParser('text/plain')
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req: any, body: any, done: any) => done(null, body.length))
    echo(app)
    expect((await post(app, '/', 'text/plain', 'abcd')).json().body).toBe(4)
  })

  it('refuses bad registrations with their codes', () => {
    const app = warren()
    const noop = (_req: any, _body: any, done: any) => done(null)
    // the default JSON parser may be replaced once, a second parser for it is refused
    app.addContentTypeParser('application/json', noop)
    expect(() => app.addContentTypeParser('Application/JSON', noop)).toThrow(codes.SVC_ERR_CTP_ALREADY_PRESENT)
    app.addContentTypeParser('application/json; charset=utf-8', noop)
    expect(() => app.addContentTypeParser('application/json; CHARSET="utf-8"', noop)).toThrow(codes.SVC_ERR_CTP_ALREADY_PRESENT)
    app.addContentTypeParser(/^x\//, noop)
    expect(() => app.addContentTypeParser(/^x\//, noop)).toThrow(codes.SVC_ERR_CTP_ALREADY_PRESENT)
    expect(() => app.addContentTypeParser('', noop)).toThrow(codes.SVC_ERR_CTP_EMPTY_TYPE)
    // @ts-expect-error a number is not a content type matcher: the types refuse it; the test checks the runtime refuses it too
    expect(() => app.addContentTypeParser(42, noop)).toThrow(codes.SVC_ERR_CTP_INVALID_TYPE)
    // @ts-expect-error a string is not a parser function: the types refuse it; the test checks the runtime refuses it too
    expect(() => app.addContentTypeParser('text/x', {}, 'nope')).toThrow(codes.SVC_ERR_CTP_INVALID_HANDLER)
    // @ts-expect-error parseAs is 'string' or 'buffer': the types refuse 'json'; the test checks the runtime refuses it too
    expect(() => app.addContentTypeParser('text/x', { parseAs: 'json' }, noop)).toThrow(codes.SVC_ERR_CTP_INVALID_PARSE_TYPE)
    expect(() => app.addContentTypeParser('text/x', { parseAs: 'string', bodyLimit: -1 }, noop)).toThrow(/bodyLimit/)
    expect(() => app.addContentTypeParser('text/x', { parseAs: 'string', bodyLimit: 1.5 }, noop)).toThrow(/bodyLimit/)
    expect(app.hasContentTypeParser('text/x')).toBe(false)
  })

  it('refuses to change parsers once the instance has started', async () => {
    const app = warren()
    await app.ready()
    const noop = (_req: any, _body: any, done: any) => done(null)
    expect(() => app.addContentTypeParser('text/x', noop)).toThrow(codes.SVC_ERR_CTP_INSTANCE_ALREADY_STARTED)
    expect(() => app.removeContentTypeParser('text/plain')).toThrow(codes.SVC_ERR_CTP_INSTANCE_ALREADY_STARTED)
    expect(() => app.removeAllContentTypeParsers()).toThrow(codes.SVC_ERR_CTP_INSTANCE_ALREADY_STARTED)
    expect(app.hasContentTypeParser('text/plain')).toBe(true)
  })

  it('registration methods chain', () => {
    const app = warren()
    const noop = (_req: any, _body: any, done: any) => done(null)
    expect(app.addContentTypeParser('text/x', noop)).toBe(app)
    expect(app.removeContentTypeParser('text/x')).toBe(app)
    expect(app.removeAllContentTypeParsers()).toBe(app)
  })
})

describe('getDefaultJsonParser', () => {
  it('returns the JSON parser with the chosen poisoning actions, usable on another type', async () => {
    const app = warren()
    app.addContentTypeParser('application/vnd.custom+json', { parseAs: 'string' }, app.getDefaultJsonParser('remove', 'ignore'))
    echo(app)
    const ok = await post(app, '/', 'application/vnd.custom+json', '{"a":1,"__proto__":{"x":1}}')
    expect(ok.statusCode).toBe(200)
    expect(ok.json().body).toEqual({ a: 1 })
    const bad = await post(app, '/', 'application/vnd.custom+json', '{"a":')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('SVC_ERR_CTP_INVALID_JSON_BODY')
    const empty = await post(app, '/', 'application/vnd.custom+json', '')
    expect(empty.json().code).toBe('SVC_ERR_CTP_EMPTY_JSON_BODY')
  })

  it('can replace the built-in JSON parser in a child with other poisoning actions', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.removeContentTypeParser('application/json')
      child.addContentTypeParser('application/json', { parseAs: 'string' }, child.getDefaultJsonParser('ignore', 'ignore'))
      child.post('/lenient', async (request: any) => ({ own: Object.hasOwn(request.body, '__proto__') }))
    })
    echo(app, '/strict')
    const payload = '{"__proto__":{"polluted":true}}'
    expect((await post(app, '/lenient', 'application/json', payload)).json()).toEqual({ own: true })
    expect((await post(app, '/strict', 'application/json', payload)).statusCode).toBe(400)
  })
})

describe('parser type names', () => {
  it('are trimmed and lower-cased in errors; a type without a subtype is refused', () => {
    const app = warren()
    const parse = (_req: any, body: any, done: any) => done(null, body)
    app.addContentTypeParser('text/html', parse)
    expect(() => app.addContentTypeParser('  TEXT/html', parse)).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_CTP_ALREADY_PRESENT', message: "Content type parser 'text/html' already present." }),
    )
    expect(() => app.addContentTypeParser('type-only', parse)).toThrow(expect.objectContaining({ code: 'SVC_ERR_CTP_INVALID_TYPE' }))
  })
})

describe('defaultTextParser', () => {
  it('is the built-in text parser, to register for other media types', async () => {
    const app = warren()
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, app.defaultTextParser)
    app.post('/', async (request) => ({ body: request.body }))
    const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'text/csv' }, payload: 'a,b' })
    expect(res.json()).toEqual({ body: 'a,b' })
  })
})

describe('ParserRegistry.find', () => {
  it('finds again after a change what it found before: the parser of the moment, not a remembered one', async () => {
    const { ParserRegistry } = await import('../../src/content-type/registry.js')
    const registry = new ParserRegistry()
    const json = (): void => {}
    const anything = (): void => {}
    registry.add('application/json', { parseAs: 'string' }, json)
    registry.add('*', {}, anything)
    expect(registry.find('application/json')?.fn).toBe(json)
    expect(registry.find('application/json')?.fn).toBe(json)
    registry.remove('application/json')
    expect(registry.find('application/json')?.fn).toBe(anything)
    registry.removeAll()
    expect(registry.find('application/json')).toBeNull()
    registry.add('application/json', { parseAs: 'buffer' }, json)
    expect(registry.find('application/json')?.parseAs).toBe('buffer')
  })

  it('gives the built-in parsers their synchronous form, and no other parser one', async () => {
    const { ParserRegistry } = await import('../../src/content-type/registry.js')
    const { createJsonParser, parseText } = await import('../../src/content-type/json-parser.js')
    const registry = new ParserRegistry()
    registry.add('application/json', { parseAs: 'string' }, createJsonParser())
    registry.add('text/plain', { parseAs: 'buffer' }, parseText)
    registry.add('text/other', { parseAs: 'string' }, (_request: unknown, body: string, done: (e: null, v: string) => void) => done(null, body))
    expect(registry.find('application/json')?.sync?.('{"a":1}')).toEqual({ a: 1 })
    expect(() => registry.find('application/json')?.sync?.('{"__proto__":{}}')).toThrow(expect.objectContaining({ code: 'SVC_ERR_CTP_FORBIDDEN_PROPERTY' }))
    expect(registry.find('text/plain')?.sync?.(Buffer.from('é'))).toBe('é')
    expect(registry.find('text/other')?.sync).toBeNull()
  })
})
