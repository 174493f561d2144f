/**
 * @module types/type-builder
 * The type of the `Type` builder warren exports: TypeBox's own builder, whose common constructors also keep a literal `$id` in the type.
 */

import type {
  ArrayOptions,
  IntegerOptions,
  Intersect,
  IntersectOptions,
  JavaScriptTypeBuilder,
  Kind,
  NumberOptions,
  ObjectOptions,
  SchemaOptions,
  StringOptions,
  TArray,
  TBoolean,
  TComposite,
  TInteger,
  TIntersectEvaluated,
  TNever,
  TNumber,
  TObject,
  TOmit,
  TPick,
  TProperties,
  TRecordOrObject,
  TSchema,
  TString,
  Union,
} from '@sinclair/typebox'

/** Keeps a literal `$id` and a `default` of a schema's options in its type (the handler sees a defaulted property; a client may leave it out). */
export type NamedBy<O> = O extends { $id: string } | { default: unknown } ? KeptOptions<O> : {}

type KeptOptions<O> = (O extends { $id: infer Id extends string } ? (string extends Id ? {} : { readonly $id: Id }) : {}) &
  (O extends { default: infer V } ? { readonly default: V } : {})

/** The schema `Type.Composite` returns, computed in one pass over the property maps when every input is an object. */
export type CompositeOf<T extends TSchema[]> = T[number] extends { [Kind]: 'Object' }
  ? T extends [infer A, infer B]
    ? PairComposite<T, PropertiesOf<A>, PropertiesOf<B>>
    : ObjectComposite<T, CompositeScan<T>>
  : TComposite<T>

/** Two objects: disjoint keys (the usual case) read from the maps' intersection, without the scan. */
type PairComposite<T extends TSchema[], A extends TProperties, B extends TProperties, Shared = StringKeys<A> & StringKeys<B>> = [Shared] extends [never]
  ? TObject<{ [K in keyof (A & B)]: (A & B)[K] }>
  : ObjectComposite<T, [Shared, A & B, keyof (A & B)]>

/** One pass over the property maps: `[keys in more than one object, the maps' intersection, every key]`. */
type CompositeScan<T, Seen = never, Shared = never, Merged extends TProperties = {}> = T extends [infer L, ...infer R]
  ? CompositeScan<R, Seen | StringKeys<PropertiesOf<L>>, Shared | (StringKeys<PropertiesOf<L>> & Seen), Merged & PropertiesOf<L>>
  : [Shared, Merged, keyof Merged]

type PropertiesOf<L> = L extends { properties: infer P extends TProperties } ? P : {}

/** `1` and `'1'` name the same property. */
type StringKeys<P> = `${keyof P & (string | number)}` | (keyof P & symbol)

type ObjectComposite<T extends TSchema[], S extends [unknown, TProperties, PropertyKey]> = TObject<{
  [K in S[2]]: `${K & (string | number)}` extends S[0] ? CompositeProperty<T, K> : S[1][K & keyof S[1]]
}>

/** The schemas of key `K` in the objects `T`, as TypeBox indexes them (a `TNever` dropped), evaluated as one. */
type CompositeProperty<T, K extends PropertyKey, Found extends unknown[] = []> = T extends [infer L, ...infer R]
  ? CompositeProperty<R, K, PropertyOf<PropertiesOf<L>, K> extends infer S ? (S extends { [Kind]: 'Never' } ? Found : [...Found, S]) : Found>
  : Found extends [infer S extends TSchema]
    ? S
    : Found extends TSchema[]
      ? TIntersectEvaluated<Found>
      : TNever

type PropertyOf<P, K extends PropertyKey> = K extends keyof P
  ? P[K]
  : `${K & (string | number)}` extends `${keyof P & (string | number)}`
    ? P[(K & (string | number)) & keyof P]
    : TNever

/** `Type.Pick` computed directly for an object schema (TypeBox's `TPick` dispatches over every kind). */
export type PickOf<T extends TSchema, K extends PropertyKey[]> = T extends { [Kind]: 'Object'; properties: infer P extends TProperties }
  ? TObject<Pick<P, K[number] & keyof P>>
  : TPick<T, K>

/** `Type.Omit` computed directly for an object schema (see {@link PickOf}). */
export type OmitOf<T extends TSchema, K extends PropertyKey[]> = T extends { [Kind]: 'Object'; properties: infer P extends TProperties }
  ? TObject<Omit<P, K[number]>>
  : TOmit<T, K>

type Kept = 'Object' | 'Array' | 'Record' | 'String' | 'Number' | 'Integer' | 'Boolean' | 'Composite' | 'Union' | 'Intersect'

/** TypeBox's builder: the usual shared-schema constructors keep a literal `$id` and a `default` in the type; `Pick` / `Omit` of an object are computed directly. */
export interface WarrenTypeBuilder extends Omit<JavaScriptTypeBuilder, Kept | 'Pick' | 'Omit'> {
  /** `Type.Pick` with the keys as a tuple. */
  Pick<T extends TSchema, K extends PropertyKey[]>(type: T, key: readonly [...K], options?: SchemaOptions): PickOf<T, K>
  Pick<T extends TSchema, K extends TSchema>(type: T, key: K, options?: SchemaOptions): TPick<T, K>
  /** `Type.Omit` with the keys as a tuple. */
  Omit<T extends TSchema, K extends PropertyKey[]>(type: T, key: readonly [...K], options?: SchemaOptions): OmitOf<T, K>
  Omit<T extends TSchema, K extends TSchema>(type: T, key: K, options?: SchemaOptions): TOmit<T, K>
  /** `Type.Object`, keeping a literal `$id` and a `default`. */
  Object<T extends TProperties, const O extends ObjectOptions = {}>(properties: T, options?: O): TObject<T> & NamedBy<O>
  Array<T extends TSchema, const O extends ArrayOptions = {}>(items: T, options?: O): TArray<T> & NamedBy<O>
  /** `Type.Record`, keeping a literal `$id` and a `default`. */
  Record<K extends TSchema, V extends TSchema, const O extends ObjectOptions = {}>(key: K, value: V, options?: O): TRecordOrObject<K, V> & NamedBy<O>
  String<const O extends StringOptions = {}>(options?: O): TString & NamedBy<O>
  Number<const O extends NumberOptions = {}>(options?: O): TNumber & NamedBy<O>
  Integer<const O extends IntegerOptions = {}>(options?: O): TInteger & NamedBy<O>
  Boolean<const O extends SchemaOptions = {}>(options?: O): TBoolean & NamedBy<O>
  /** `Type.Composite`, keeping a literal `$id` and a `default`; cheaper for objects ({@link CompositeOf}). */
  Composite<T extends TSchema[], const O extends ObjectOptions = {}>(schemas: [...T], options?: O): CompositeOf<T> & NamedBy<O>
  Union<T extends TSchema[], const O extends SchemaOptions = {}>(types: [...T], options?: O): Union<T> & NamedBy<O>
  Intersect<T extends TSchema[], const O extends IntersectOptions = {}>(types: [...T], options?: O): Intersect<T> & NamedBy<O>
}
