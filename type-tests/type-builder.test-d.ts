import { expectAssignable, expectError, expectType } from 'tsd'
import { Type as TypeBox, type Static, type TComposite, type TIntersect, type TLiteral, type TObject, type TOptional, type TString } from '@sinclair/typebox'
import warren, { Type } from 'warren'

// warren's Type.Composite computes object inputs in one pass; its type is TypeBox's own TComposite

const Base = Type.Object({ id: Type.Integer(), name: Type.String(), tags: Type.Array(Type.String()) })
const Extra = Type.Object({ country: Type.Ref('Country'), note: Type.Optional(Type.String()) })

// disjoint keys: each key keeps its schema
const Full = Type.Composite([Base, Extra])
expectType<TComposite<[typeof Base, typeof Extra]>>(Full)
expectType<TComposite<[typeof Base, typeof Extra]>>(TypeBox.Composite([Base, Extra]))
expectType<{ id: number; name: string; tags: string[]; country: unknown; note?: string }>({} as Static<typeof Full>)

// a key in two objects: TypeBox's evaluated intersection, optional only when optional in both
const A = Type.Object({ shared: Type.String(), both: Type.Optional(Type.String()), one: Type.Optional(Type.String()) })
const B = Type.Object({ shared: Type.Literal('x'), both: Type.Optional(Type.Literal('y')), one: Type.Literal('z') })
const AB = Type.Composite([A, B])
expectType<TComposite<[typeof A, typeof B]>>(AB)
expectType<TIntersect<[TString, TLiteral<'x'>]>>(AB.properties.shared)
expectType<TOptional<TIntersect<[TString, TLiteral<'y'>]>>>(AB.properties.both)
expectType<TIntersect<[TString, TLiteral<'z'>]>>(AB.properties.one)
expectType<{ shared: 'x'; both?: 'y'; one: 'z' }>({} as Static<typeof AB>)

// the same schema object in two inputs, and three inputs
const C = Type.Object({ name: Type.String(), extra: Type.Boolean() })
expectType<TComposite<[typeof Base, typeof C, typeof Extra]>>(Type.Composite([Base, C, Extra]))

// a `Type.Never()` property is dropped where another object has the key, kept where none does
const N = Type.Object({ name: Type.Never(), gone: Type.Never() })
expectType<TComposite<[typeof Base, typeof N]>>(Type.Composite([Base, N]))
expectType<TComposite<[typeof N, typeof Base]>>(Type.Composite([N, Base]))

// numeric and string spellings of a key name the same property
const Num = Type.Object({ 1: Type.String() })
const Str = Type.Object({ '1': Type.Literal('a') })
expectType<TComposite<[typeof Num, typeof Str]>>(Type.Composite([Num, Str]))

// one input, none, and objects whose properties are not known
expectType<TComposite<[typeof Base]>>(Type.Composite([Base]))
expectType<TComposite<[]>>(Type.Composite([]))
expectAssignable<TObject>(Type.Composite([Base as TObject, Extra]))

// other inputs (intersections, unions) keep TypeBox's computation
const I = Type.Intersect([Type.Object({ x: Type.Number() }), Type.Object({ y: Type.Number() })])
expectType<TComposite<[typeof I, typeof Base]>>(Type.Composite([I, Base]))
const U = Type.Union([Type.Object({ x: Type.Number() }), Type.Object({ x: Type.String() })])
expectType<TComposite<[typeof U]>>(Type.Composite([U]))

// a literal $id is kept, and the composite works as a shared schema
const Named = Type.Composite([Base, Extra], { $id: 'Full' })
expectType<'Full'>(Named.$id)
const app = warren()
  .addSchema(Type.Object({ code: Type.String() }, { $id: 'Country' }))
  .addSchema(Named)
app.post('/full', { schema: { body: Type.Ref('Full'), response: { 200: Full } } }, async (request) => {
  expectType<{ code: string }>(request.body.country)
  expectType<string | undefined>(request.body.note)
  return { id: 1, name: 'n', tags: [], country: { code: 'FR' } }
})
expectError(app.post('/full-wrong', { schema: { response: { 200: Full } } }, async () => ({ id: 1, name: 'n', tags: [], country: null })))
expectError(app.post('/full-missing', { schema: { response: { 200: Full } } }, async () => ({ id: 1, name: 'n' })))
