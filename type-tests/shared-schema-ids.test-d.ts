import { expectAssignable, expectError, expectType } from 'tsd'
import warren, { Type, type Static, type UnknownRef } from 'warren'

// Shared schema ids: one schema per `$id` in a context, and a `Type.Ref` must name one of them.

const Profile = Type.Object({ username: Type.String() }, { $id: 'Profile' })
const Article = Type.Object({ title: Type.String(), author: Type.Ref('Profile') }, { $id: 'Article' })
const app = warren().addSchema(Profile).addSchema(Article)

// ---------- adding an $id already visible in the context does not compile ----------
expectError(app.addSchema(Profile))
expectError(app.addSchema(Type.Object({ other: Type.String() }, { $id: 'Article' })))
app.register(async (child) => {
  expectError(child.addSchema(Profile)) // the parent's schemas are visible in the child
})
warren().addSchema(Profile).register(async (child) => child) // a sibling context may add its own
app.addSchema(Type.Object({ body: Type.String() }, { $id: 'Comment' })).addSchema({ $id: 'Plain', type: 'object' })

// ---------- a misspelt Type.Ref names the id and the known ones ----------
app.get('/article', { schema: { response: { 200: Type.Object({ article: Type.Ref('Article') }) } } }, async () => ({ article: { title: 't', author: { username: 'ada' } } }))
expectError(app.get('/profile', { schema: { response: { 200: Type.Object({ profile: Type.Ref('Profil') }) } } }, async () => ({ profile: { username: 'ada' } })))
app.post('/profiles', { schema: { body: Type.Ref('Profil') } }, async (request) => {
  expectType<UnknownRef<'Profil', 'Profile' | 'Article'>>(request.body)
  expectError(request.body.username)
  return 'ok'
})
// a reference into a schema, and a plain JSON Schema added with a literal $id, stay unknown
const plain = warren().addSchema(Profile).addSchema({ $id: 'Plain', type: 'object' })
plain.get('/plain', { schema: { response: { 200: Type.Ref('Plain') } } }, async () => ({ anything: true }))
plain.post('/name', { schema: { body: Type.Ref('Profile#/properties/username') } }, async (request) => {
  expectType<unknown>(request.body)
  return 'ok'
})
// without any typed shared schema (plain JSON ones added without a literal $id), a Type.Ref is unknown
const untyped = warren().addSchema({ $id: 'Thing' as string, type: 'object' })
untyped.post('/thing', { schema: { body: Type.Ref('Thing') } }, async (request) => {
  expectType<unknown>(request.body)
  return 'ok'
})

// ---------- a Type.Record keeps its $id too ----------
const Tags = Type.Record(Type.String(), Type.Integer(), { $id: 'Tags' })
const tagged = warren().addSchema(Tags)
tagged.post('/tags', { schema: { body: Type.Ref('Tags') } }, async (request) => {
  expectAssignable<Static<typeof Tags>>(request.body)
  expectType<number>(request.body.anything)
  expectError(request.body.anything.toUpperCase()) // a number, not a string
  return 'ok'
})
