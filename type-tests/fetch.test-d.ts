import { expectAssignable, expectError, expectType } from 'tsd'
import warren, { type InjectResponse } from 'warren'

const app = warren()
app.get('/hello', async () => ({ hello: 'world' }))

// ---------- app.fetch: a web-standard handler, detachable ----------
expectType<Promise<Response>>(app.fetch(new Request('http://localhost/hello')))
// what a runtime passes after the request (Workers' env and ctx, Bun's server, Deno's info)
expectType<Promise<Response>>(app.fetch(new Request('http://localhost/hello'), { KV: 'binding' }, { waitUntil() {} }))
const { fetch: handler } = app
expectType<(request: Request, env?: unknown, ctx?: unknown) => Promise<Response>>(handler)
// the shapes runtimes take it in
expectAssignable<{ fetch: (request: Request, env: unknown, ctx: unknown) => Promise<Response> }>({ fetch: app.fetch })
expectAssignable<(request: Request) => Response | Promise<Response>>(app.fetch)
// a URL string is no Request, and the handler is not replaceable
expectError(app.fetch('http://localhost/hello'))
expectError((app.fetch = handler))

// ---------- inject's types are warren's own ----------
async function injected(): Promise<void> {
  const response = await app.inject({ method: 'GET', url: '/hello', cookies: { a: 'b' }, payloadAsStream: false })
  expectType<InjectResponse>(response)
  expectType<number>(response.statusCode)
  expectType<string>(response.cookies[0].name)
  expectType<{ hello: string }>(response.json<{ hello: string }>())
  expectError(app.inject({ url: '/hello', cookies: 'a=b' }))
  // an earlier response's cookies, and cookies with a path
  await app.inject({ url: '/hello', cookies: response.cookies })
  await app.inject({ url: '/hello', cookies: { session: 'a', scoped: { value: 'b', path: '/hello' } } })
  await app.inject().get('/hello').cookies(response.cookies).end()
  expectError(app.inject({ url: '/hello', cookies: { scoped: { path: '/hello' } } }))
}
void injected
