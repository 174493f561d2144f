import { expectAssignable, expectError, expectType } from 'tsd'
import { Type as TypeBox, type Static, type TComposite, type TIntersect, type TLiteral, type TObject, type TKeyOf, type TOmit, type TOptional, type TPick, type TString } from '@sinclair/typebox'
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

// two objects with disjoint keys (numeric keys, optional properties, a named input, a Never property kept)
const Two = Type.Object({ 2: Type.Optional(Type.String()), gone: Type.Never() }, { $id: 'Two' })
expectType<TComposite<[typeof Num, typeof Two]>>(Type.Composite([Num, Two]))
expectType<TComposite<[typeof Two, typeof Base]>>(Type.Composite([Two, Base]))
expectType<{ 1: string; 2?: string; gone: never }>({} as Static<ReturnType<typeof Type.Composite<[typeof Num, typeof Two]>>>)

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

// warren's Type.Pick and Type.Omit compute an object schema's result directly; its type is TypeBox's own TPick / TOmit
{
  const Item = Type.Object({ id: Type.Integer(), name: Type.String(), note: Type.Optional(Type.String()), price: Type.Ref('Money'), 1: Type.Boolean() })
  expectType<TPick<typeof Item, ['id', 'note']>>(Type.Pick(Item, ['id', 'note']))
  expectType<TPick<typeof Item, ['id', 'note']>>(TypeBox.Pick(Item, ['id', 'note']))
  expectType<TOmit<typeof Item, ['id']>>(Type.Omit(Item, ['id']))
  expectType<TOmit<typeof Item, ['id']>>(TypeBox.Omit(Item, ['id']))
  const Picked = Type.Pick(Item, ['id', 'note'])
  const Omitted = Type.Omit(Item, ['id'])
  expectType<{ id: number; note?: string }>({} as Static<typeof Picked>)
  expectType<{ name: string; note?: string; price: unknown; 1: boolean }>({} as Static<typeof Omitted>)
  // keys the object does not have, numeric keys, no keys
  expectType<TPick<typeof Item, ['id', 'other']>>(Type.Pick(Item, ['id', 'other']))
  expectType<TPick<typeof Item, [1]>>(Type.Pick(Item, [1]))
  expectType<TOmit<typeof Item, ['other', 1]>>(Type.Omit(Item, ['other', 1]))
  expectType<TPick<typeof Item, []>>(Type.Pick(Item, []))
  expectType<TOmit<typeof Item, []>>(Type.Omit(Item, []))
  // a named object (warren's Type.Object with a literal $id)
  const NamedItem = Type.Object({ id: Type.Integer(), name: Type.String() }, { $id: 'Item' })
  expectType<TPick<typeof NamedItem, ['id']>>(Type.Pick(NamedItem, ['id']))
  expectType<TOmit<typeof NamedItem, ['id']>>(Type.Omit(NamedItem, ['id']))
  // other schemas, and keys given as a schema, keep TypeBox's computation
  const Either = Type.Union([Type.Object({ x: Type.Number(), y: Type.String() }), Type.Object({ x: Type.String(), z: Type.Number() })])
  expectType<TPick<typeof Either, ['x']>>(Type.Pick(Either, ['x']))
  expectType<TOmit<typeof Either, ['x']>>(Type.Omit(Either, ['x']))
  const Both = Type.Intersect([Type.Object({ x: Type.Number() }), Type.Object({ y: Type.Number() })])
  expectType<TPick<typeof Both, ['x']>>(Type.Pick(Both, ['x']))
  const Keys = Type.Union([Type.Literal('id'), Type.Literal('name')])
  expectType<TPick<typeof Item, typeof Keys>>(Type.Pick(Item, Keys))
  expectType<TOmit<typeof Item, typeof Keys>>(Type.Omit(Item, Keys))
  expectType<TPick<typeof Item, TKeyOf<typeof NamedItem>>>(Type.Pick(Item, Type.KeyOf(NamedItem)))
  // the picked schema works in a route
  warren().post('/items', { schema: { body: Type.Omit(Item, ['id', 'price']), response: { 200: Type.Pick(Item, ['id']) } } }, async (request) => {
    expectType<{ name: string; note?: string; 1: boolean }>(request.body)
    return { id: 1 }
  })
}
