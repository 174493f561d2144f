import { describe, expect, it } from 'vitest'
import http from 'node:http'
import net from 'node:net'
import { Type } from 'warren'
import { warren } from '../helpers.js'

describe('request', () => {
  it('exposes id, params, query, body, headers, url, method and raw', async () => {
    const app = warren({ genReqId: () => 'rid' })
    app.post('/items/:id', async (req: any) => ({
      id: req.id,
      params: req.params,
      query: req.query,
      body: req.body,
      header: req.headers['x-thing'],
      url: req.url,
      method: req.method,
      rawIsNode: req.raw instanceof http.IncomingMessage || typeof req.raw.on === 'function',
      rawUrl: req.raw.url,
    }))
    const res = await app.inject({ method: 'POST', url: '/items/7?sort=asc', headers: { 'x-thing': 'yes' }, payload: { n: 1 } })
    expect(res.json()).toEqual({
      id: 'rid',
      params: { id: '7' },
      query: { sort: 'asc' },
      body: { n: 1 },
      header: 'yes',
      url: '/items/7?sort=asc',
      method: 'POST',
      rawIsNode: true,
      rawUrl: '/items/7?sort=asc',
    })
  })

  it('headers are the raw request\'s until assigned; an assigned record adds to them, for this request only', async () => {
    const app = warren()
    app.addHook('onRequest', async (req: any) => {
      if (req.url === '/replaced') req.headers = { 'x-added': 'by hook' }
    })
    app.get('/:kind', async (req: any) => ({ same: req.headers === req.raw.headers, thing: req.headers['x-thing'], added: req.headers['x-added'] ?? null }))
    const read = await app.inject({ url: '/read', headers: { 'x-thing': 'yes' } })
    expect(read.json()).toEqual({ same: true, thing: 'yes', added: null })
    const replaced = await app.inject({ url: '/replaced', headers: { 'x-thing': 'yes' } })
    expect(replaced.json()).toEqual({ same: false, thing: 'yes', added: 'by hook' })
    const fetched = await app.fetch(new Request('http://app.test/replaced', { headers: { 'x-thing': 'yes' } }))
    expect(await fetched.json()).toEqual({ same: false, thing: 'yes', added: 'by hook' })
    expect((await app.inject('/read')).json()).toEqual({ same: true, added: null })
  })

  it('routeOptions is a copy on each read: an assignment to it reaches neither the next request nor the route', async () => {
    const app = warren()
    app.post('/', { bodyLimit: 10 }, async (req: any) => {
      const before = { url: req.routeOptions.url, bodyLimit: req.routeOptions.bodyLimit }
      req.routeOptions.url = '/changed'
      req.routeOptions.bodyLimit = 1
      return before
    })
    for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })).json()).toEqual({ url: '/', bodyLimit: 10 })
    expect((await app.inject({ method: 'POST', url: '/', payload: { long: 'x'.repeat(20) } })).statusCode).toBe(413)
  })

  it('body is undefined without a payload; query is empty without a query string', async () => {
    const app = warren()
    app.get('/', async (req: any) => ({ body: req.body === undefined, query: req.query }))
    expect((await app.inject('/')).json()).toEqual({ body: true, query: {} })
  })

  it('ip, hostname and protocol over a real socket', async () => {
    const app = warren()
    app.get('/', async (req: any) => ({ ip: req.ip, hostname: req.hostname, protocol: req.protocol, host: req.host }))
    const address = await app.listen({ port: 0 })
    try {
      const port = new URL(address).port
      const body = await (await fetch(address)).json()
      expect(body).toEqual({ ip: '127.0.0.1', hostname: '127.0.0.1', protocol: 'http', host: `127.0.0.1:${port}` })
    } finally {
      await app.close()
    }
  })

  it('hostname drops the port, keeps IPv6 brackets', async () => {
    const app = warren()
    app.get('/', async (req: any) => ({ hostname: req.hostname }))
    expect((await app.inject({ url: '/', headers: { host: 'example.com:8080' } })).json()).toEqual({ hostname: 'example.com' })
    expect((await app.inject({ url: '/', headers: { host: '[::1]:8080' } })).json()).toEqual({ hostname: '[::1]' })
  })

  it('host, hostname and port: from the Host header; the port is null when it names none', async () => {
    const app = warren()
    app.get('/', async (req: any) => ({ host: req.host, hostname: req.hostname, port: req.port }))
    expect((await app.inject({ url: '/', headers: { host: 'example.com:8080' } })).json()).toEqual({ host: 'example.com:8080', hostname: 'example.com', port: 8080 })
    expect((await app.inject({ url: '/', headers: { host: 'example.com' } })).json()).toEqual({ host: 'example.com', hostname: 'example.com', port: null })
    expect((await app.inject({ url: '/', headers: { host: '[::1]' } })).json()).toEqual({ host: '[::1]', hostname: '[::1]', port: null })
  })

  it("a request without a Host (HTTP/1.0, an empty header, removed by a headers schema) has host '' and port null", async () => {
    for (const trustProxy of [false, true]) {
      const app = warren({ trustProxy, keepAliveTimeout: 10 })
      const handler = async (req: any) => ({ host: req.host, hostname: req.hostname, port: req.port })
      app.get('/', handler)
      app.get('/stripped', { schema: { headers: { type: 'object', properties: {}, additionalProperties: false } } }, handler)
      const address = await app.listen({ port: 0 })
      const port = Number(new URL(address).port)
      const exchange = (bytes: string): Promise<string> =>
        new Promise((resolve, reject) => {
          let data = ''
          const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes))
          socket.on('data', (chunk) => (data += chunk))
          socket.on('end', () => resolve(data))
          socket.on('error', reject)
        })
      const bodyOf = (answer: string): unknown => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))
      try {
        const none = { host: '', hostname: '', port: null }
        expect(bodyOf(await exchange('GET / HTTP/1.0\r\n\r\n'))).toEqual(none)
        expect(bodyOf(await exchange('GET / HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n'))).toEqual(none)
        expect(bodyOf(await exchange('GET /stripped HTTP/1.1\r\nHost: localhost:1\r\nConnection: close\r\n\r\n'))).toEqual(none)
        // HTTP/1.1 requires Host: Node answers 400 before any route
        expect(await exchange('GET / HTTP/1.1\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request/)
      } finally {
        await app.close()
      }
    }
  })

  it('with trustProxy, host is the last x-forwarded-host entry (the nearest proxy) and port comes from it', async () => {
    const app = warren({ trustProxy: true })
    app.get('/', async (req: any) => ({ host: req.host, hostname: req.hostname, port: req.port }))
    const headers = { host: 'internal:3000', 'x-forwarded-host': 'spoofed.example, public.example:8443' }
    expect((await app.inject({ url: '/', headers })).json()).toEqual({ host: 'public.example:8443', hostname: 'public.example', port: 8443 })
    // no port forwarded: the client used the scheme's default, not the port the proxy reached us on
    const noPort = { host: 'internal:3000', 'x-forwarded-host': 'public.example' }
    expect((await app.inject({ url: '/', headers: noPort })).json()).toEqual({ host: 'public.example', hostname: 'public.example', port: null })
  })

  it('x-forwarded-* headers are ignored unless trustProxy', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9, 10.0.0.1', 'x-forwarded-host': 'public.example', 'x-forwarded-proto': 'https' }
    const handler = async (req: any) => ({ ip: req.ip, hostname: req.hostname, protocol: req.protocol })
    const plain = warren()
    plain.get('/', handler)
    expect((await plain.inject({ url: '/', headers, remoteAddress: '10.0.0.2' })).json()).toEqual({ ip: '10.0.0.2', hostname: 'localhost', protocol: 'http' })
    const proxied = warren({ trustProxy: true })
    proxied.get('/', handler)
    expect((await proxied.inject({ url: '/', headers, remoteAddress: '10.0.0.2' })).json()).toEqual({ ip: '203.0.113.9', hostname: 'public.example', protocol: 'https' })
  })

  describe('trustProxy forms', () => {
    const chainHeaders = { 'x-forwarded-for': '198.51.100.1, 203.0.113.5, 10.0.0.7', 'x-forwarded-host': 'public.example', 'x-forwarded-proto': 'https' }
    const answer = async (req: any) => ({ ip: req.ip, ips: req.ips ?? null, host: req.host, protocol: req.protocol })
    async function ask(trustProxy: unknown, remoteAddress: string) {
      const app = warren({ trustProxy })
      app.get('/', answer)
      return (await app.inject({ url: '/', headers: { host: 'internal:3000', ...chainHeaders }, remoteAddress })).json()
    }

    it('true trusts every hop: the furthest address is the client, the chain is nearest first', async () => {
      expect(await ask(true, '10.0.0.2')).toEqual({
        ip: '198.51.100.1',
        ips: ['10.0.0.2', '10.0.0.7', '203.0.113.5', '198.51.100.1'],
        host: 'public.example',
        protocol: 'https',
      })
    })

    it('an address list (array or comma-separated string, CIDR ranges too) stops at the first untrusted hop', async () => {
      const expected = { ip: '203.0.113.5', ips: ['10.0.0.2', '10.0.0.7', '203.0.113.5'], host: 'public.example', protocol: 'https' }
      expect(await ask(['10.0.0.0/8'], '10.0.0.2')).toEqual(expected)
      expect(await ask('10.0.0.2, 10.0.0.7', '10.0.0.2')).toEqual(expected)
    })

    it('a function decides per address and hop', async () => {
      const calls: Array<[string, number]> = []
      const trust = (address: string, hop: number) => {
        calls.push([address, hop])
        return address.startsWith('10.')
      }
      expect((await ask(trust, '10.0.0.2')).ip).toBe('203.0.113.5')
      expect(calls).toContainEqual(['10.0.0.2', 0])
    })

    it('forwarded host and protocol are read only from a trusted peer', async () => {
      expect(await ask(['10.0.0.0/8'], '192.0.2.50')).toEqual({ ip: '192.0.2.50', ips: ['192.0.2.50'], host: 'internal:3000', protocol: 'http' })
    })

    it('a hop count trusts no address: a client cannot forge its address with enough hops', async () => {
      expect(await ask(2, '192.0.2.50')).toEqual({ ip: '192.0.2.50', ips: ['192.0.2.50'], host: 'internal:3000', protocol: 'http' })
    })

    it('the last x-forwarded-proto entry is the protocol, and a wrong option is refused with its name', async () => {
      const app = warren({ trustProxy: true })
      app.get('/', answer)
      const res = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'http, https' }, remoteAddress: '10.0.0.2' })
      expect(res.json().protocol).toBe('https')
      for (const bad of [{}, [1], -1, 1.5]) {
        expect(() => warren({ trustProxy: bad })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID', message: expect.stringContaining("'trustProxy'") }))
      }
    })

    it('over a real socket, the loopback peer is trusted by name', async () => {
      const app = warren({ trustProxy: 'loopback' })
      app.get('/', answer)
      const url = await app.listen({ port: 0, host: '127.0.0.1' })
      try {
        const res = await fetch(url, { headers: { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' } })
        expect(await res.json()).toMatchObject({ ip: '198.51.100.1', ips: ['127.0.0.1', '198.51.100.1'], protocol: 'https' })
      } finally {
        await app.close()
      }
    })
  })

  it('routeOptions, log and server', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.decorate('name', 'child-context')
      child.get('/info', { config: { x: 1 } }, async (req: any) => ({
        method: req.routeOptions.method,
        url: req.routeOptions.url,
        config: req.routeOptions.config.x,
        server: req.server.name,
        log: typeof req.log.info,
      }))
    }, { prefix: '/c' })
    expect((await app.inject('/c/info')).json()).toEqual({ method: 'GET', url: '/c/info', config: 1, server: 'child-context', log: 'function' })
  })

  it('validationError is set when attachValidation is on, and undefined otherwise', async () => {
    const app = warren()
    app.get('/attached', { attachValidation: true, schema: { querystring: Type.Object({ n: Type.Integer() }) } }, async (req: any) => ({
      message: req.validationError?.message,
      context: req.validationError?.validationContext,
    }))
    app.get('/plain', async (req: any) => ({ none: req.validationError === undefined }))
    const res = await app.inject('/attached?n=abc')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'querystring/n must be integer', context: 'querystring' })
    expect((await app.inject('/plain')).json()).toEqual({ none: true })
  })

  it('each request gets its own object: state set on one never leaks into the next', async () => {
    const app = warren()
    app.decorateRequest('user', null)
    app.get('/', async (req: any) => {
      const before = req.user
      req.user = req.query.u
      return { before }
    })
    await app.inject('/?u=a')
    expect((await app.inject('/?u=b')).json()).toEqual({ before: null })
  })
})
