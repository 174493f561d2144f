import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import warren from 'warren'

/** An app whose pino logger writes parsed lines into an array. */
function loggedApp(serializers?: Record<string, (value: any) => unknown>) {
  const lines: any[] = []
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(JSON.parse(String(chunk))); done() } })
  return { app: warren({ loggerInstance: pino({ level: 'info', serializers }, stream) }), lines }
}

/** A route logging `{ user: 'ann', team: 'red' }` through request.log. */
function logsUser(instance: any, url: string, routeOptions: object = {}): void {
  instance.get(url, routeOptions, async (request: any) => {
    request.log.info({ user: 'ann', team: 'red' }, 'user line')
    return 'ok'
  })
}

const userLine = (lines: any[]) => lines.filter((line) => line.msg === 'user line').map(({ user, team }) => ({ user, team }))

describe('logSerializers: per plugin and per route serializers of the request logger', () => {
  it('a plugin\'s serializers apply to its routes, are inherited by its children, and stay out of its parent and siblings', async () => {
    const { app, lines } = loggedApp()
    logsUser(app, '/root')
    app.register(async (outer: any) => {
      logsUser(outer, '/outer')
      outer.register(async (inner: any) => logsUser(inner, '/inner'), { logSerializers: { team: (t: string) => `team:${t}` } })
    }, { logSerializers: { user: (u: string) => u.toUpperCase() } })
    app.register(async (sibling: any) => logsUser(sibling, '/sibling'))
    for (const url of ['/root', '/outer', '/inner', '/sibling']) expect((await app.inject(url)).statusCode).toBe(200)
    expect(userLine(lines)).toEqual([
      { user: 'ann', team: 'red' },
      { user: 'ANN', team: 'red' },
      { user: 'ANN', team: 'team:red' },
      { user: 'ann', team: 'red' },
    ])
  })

  it('a route\'s serializers win over its plugin\'s, which win over the logger\'s own, key by key', async () => {
    const { app, lines } = loggedApp({ user: (u: string) => `logger:${u}`, team: (t: string) => `logger:${t}` })
    app.register(async (child: any) => {
      logsUser(child, '/plugin')
      logsUser(child, '/route', { logSerializers: { team: (t: string) => `route:${t}` } })
    }, { logSerializers: { user: (u: string) => `plugin:${u}` } })
    logsUser(app, '/plain')
    await app.inject('/plugin')
    await app.inject('/route')
    await app.inject('/plain')
    expect(userLine(lines)).toEqual([
      { user: 'plugin:ann', team: 'logger:red' },
      { user: 'plugin:ann', team: 'route:red' },
      { user: 'logger:ann', team: 'logger:red' },
    ])
  })

  it('shows the merged serializers in the route options and hands them to a child logger factory', async () => {
    const { app } = loggedApp()
    const seen: Record<string, unknown>[] = []
    let routeOptions: any
    app.register(async (child: any) => {
      child.setChildLoggerFactory(function (logger: any, bindings: any, options: any) {
        seen.push(options)
        return logger.child(bindings, options)
      })
      child.get('/', { logSerializers: { b: () => 'b' } }, async (request: any) => {
        routeOptions = request.routeOptions
        return 'ok'
      })
    }, { logSerializers: { a: () => 'a' } })
    await app.inject('/')
    expect(Object.keys(routeOptions.logSerializers)).toEqual(['a', 'b'])
    expect(Object.keys((seen[0] as any).serializers)).toEqual(['a', 'b'])
  })

  it('refuses serializers that are not an object of functions', async () => {
    const bad = warren()
    bad.register(async () => {}, { logSerializers: { user: 'upper' } } as never)
    await expect(bad.ready()).rejects.toMatchObject({ code: 'SVC_ERR_LOG_SERIALIZERS_INVALID', message: "logSerializers must be an object of functions: 'user' is string" })
    const app = warren()
    expect(() => app.get('/', { logSerializers: [] } as never, async () => 'ok')).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_LOG_SERIALIZERS_INVALID', message: 'logSerializers must be an object of functions: got an array' }),
    )
    expect(() => app.get('/x', { logSerializers: 'no' } as never, async () => 'ok')).toThrow(expect.objectContaining({ code: 'SVC_ERR_LOG_SERIALIZERS_INVALID' }))
  })
})
