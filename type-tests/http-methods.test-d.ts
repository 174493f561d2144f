import { expectError, expectType } from 'tsd'
import warren, { Type } from 'warren'

const app = warren()

// ---------- TRACE and QUERY shorthands, typed like the others ----------
app.query('/search', { schema: { body: Type.Object({ q: Type.String() }) } }, (request) => {
  expectType<{ q: string }>(request.body)
})
app.trace('/echo/:id', (request) => {
  expectType<{ id: string }>(request.params)
})
expectType<string[]>(app.supportedMethods)

// ---------- addHttpMethod: the returned instance has the method's shorthand ----------
const dav = app.addHttpMethod('PROPFIND', { hasBody: true })
dav.propfind('/files/:name', (request) => {
  expectType<{ name: string }>(request.params)
})
app.addHttpMethod('MKCOL').mkcol('/dir', async () => 'made')
// a method Node does not know, bad options
expectError(app.addHttpMethod('FETCH'))
expectError(app.addHttpMethod('COPY', { hasBody: 'yes' }))
// the shorthand is not on the instance it was not added to (in the types)
expectError(app.propfind('/x', async () => 'x'))

// ---------- constraints ----------
app.get('/', { constraints: { version: '1.2.0' } }, async () => 'v1')
app.get('/', { constraints: { host: /\.example\.com$/, tenant: 'acme' } }, async () => 'host')
expectError(app.get('/', { constraints: { version: 1 } }, async () => 'v1'))
app.addConstraintStrategy({
  name: 'tenant',
  storage() {
    const stores = new Map<string, unknown>()
    return { get: (value) => stores.get(value) ?? null, set: (value, store) => void stores.set(value, store) }
  },
  deriveConstraint: (req) => String(req.headers['x-tenant']),
})
expectError(app.addConstraintStrategy({ name: 'tenant' }))
expectType<boolean>(app.hasConstraintStrategy('tenant'))
