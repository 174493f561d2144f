import { expectError, expectType } from 'tsd'
import warren, { contributeOpenApi, plugin } from 'warren'
import openapi, { type OpenApiDocument, type OpenApiOperation } from 'warren/openapi'

const app = warren()

// ---------- the plugin adds a typed openapi() to the instance it is registered on ----------
const documented = app.register(openapi, { info: { title: 'API', version: '1.0.0' } })
expectType<() => OpenApiDocument>(documented.openapi)
expectType<'3.1.0'>(documented.openapi().openapi)
expectType<OpenApiOperation | undefined>(documented.openapi().paths['/users/{id}'].get)
// the parent variable's type does not change
expectError(app.openapi)

// every option is typed
app.register(openapi, {
  info: { title: 'API', version: '1.0.0', description: 'd', license: { name: 'MIT' } },
  servers: [{ url: 'https://api.example.com', description: 'production' }],
  tags: [{ name: 'users' }],
  path: '/spec.json',
  docs: false,
})
// an API under a prefix
app.register(openapi, { info: { title: 'API', version: '1.0.0' }, basePath: '/api', docs: '/api/docs/' })

// ---------- bad options are compile errors ----------
// an unknown key
expectError(app.register(openapi, { info: { title: 'API', version: '1' }, unknownOption: true }))
// info needs a version
expectError(app.register(openapi, { info: { title: 'API' } }))
// paths start with '/'
expectError(app.register(openapi, { info: { title: 'API', version: '1' }, docs: 'docs' }))
expectError(app.register(openapi, { info: { title: 'API', version: '1' }, basePath: 'api' }))
// options are required (info is)
expectError(app.register(openapi))

// ---------- contributions are typed ----------
plugin(async (instance) => {
  contributeOpenApi(instance, { securitySchemes: { key: { type: 'apiKey', name: 'x-key', in: 'header' } }, security: [{ key: [] }] })
  // a scheme needs its fields
  expectError(contributeOpenApi(instance, { securitySchemes: { key: { type: 'apiKey', name: 'x-key' } } }))
  // a response needs a description
  expectError(contributeOpenApi(instance, { responses: { 401: {} } }))
})
