/**
 * @module types/type-builder
 * The type of the `Type` builder `warren` exports: TypeBox's own builder (the same object at run time), whose
 * common constructors also keep a literal `$id` in the schema's type.
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
  TSchema,
  TString,
  Union,
} from '@sinclair/typebox'

/**
 * What the type keeps of a schema's options: `{ $id: Id }` when they carry a literal `$id`, and `{ default: V }` when they carry
 * a `default` (a request property with one is filled in by the validator, so the handler sees it while a client may leave it
 * out); else nothing.
 */
export type NamedBy<O> = O extends { $id: string } | { default: unknown } ? KeptOptions<O> : {}

/** {@link NamedBy} of options that carry an `$id` or a `default`. */
type KeptOptions<O> = (O extends { $id: infer Id extends string } ? (string extends Id ? {} : { readonly $id: Id }) : {}) &
  (O extends { default: infer V } ? { readonly default: V } : {})

/** The schema `Type.Composite` returns (TypeBox's `TComposite<T>`), computed in one pass over the property maps when every input is an object. */
export type CompositeOf<T extends TSchema[]> = T[number] extends { [Kind]: 'Object' }
  ? T extends [infer A, infer B]
    ? PairComposite<T, PropertiesOf<A>, PropertiesOf<B>>
    : ObjectComposite<T, CompositeScan<T>>
  : TComposite<T>

/** {@link CompositeOf} of two objects: disjoint keys (the usual case) read from the maps' intersection, without the scan. */
type PairComposite<T extends TSchema[], A extends TProperties, B extends TProperties, Shared = StringKeys<A> & StringKeys<B>> = [Shared] extends [never]
  ? TObject<{ [K in keyof (A & B)]: (A & B)[K] }>
  : ObjectComposite<T, [Shared, A & B, keyof (A & B)]>

/**
 * One pass over the objects' property maps: `[shared, merged, keys]`, with `shared` the keys (as strings) found in more than one
 * object, `merged` the maps' intersection (which reads a key found in one object only) and `keys` every key.
 */
type CompositeScan<T, Seen = never, Shared = never, Merged extends TProperties = {}> = T extends [infer L, ...infer R]
  ? CompositeScan<R, Seen | StringKeys<PropertiesOf<L>>, Shared | (StringKeys<PropertiesOf<L>> & Seen), Merged & PropertiesOf<L>>
  : [Shared, Merged, keyof Merged]

/** An object schema's property map. */
type PropertiesOf<L> = L extends { properties: infer P extends TProperties } ? P : {}

/** The keys of `P` as strings (`1` and `'1'` name the same property); symbols as they are. */
type StringKeys<P> = `${keyof P & (string | number)}` | (keyof P & symbol)

/** {@link CompositeOf} for object inputs, from their {@link CompositeScan}. */
type ObjectComposite<T extends TSchema[], S extends [unknown, TProperties, PropertyKey]> = TObject<{
  [K in S[2]]: `${K & (string | number)}` extends S[0] ? CompositeProperty<T, K> : S[1][K & keyof S[1]]
}>

/** The schemas of key `K` in the objects `T`, in order, as TypeBox indexes them (a `TNever` dropped), evaluated as one. */
type CompositeProperty<T, K extends PropertyKey, Found extends unknown[] = []> = T extends [infer L, ...infer R]
  ? CompositeProperty<R, K, PropertyOf<PropertiesOf<L>, K> extends infer S ? (S extends { [Kind]: 'Never' } ? Found : [...Found, S]) : Found>
  : Found extends [infer S extends TSchema]
    ? S
    : Found extends TSchema[]
      ? TIntersectEvaluated<Found>
      : TNever

/** TypeBox's index of one object's properties by key: `TNever` when the object has no such key. */
type PropertyOf<P, K extends PropertyKey> = K extends keyof P
  ? P[K]
  : `${K & (string | number)}` extends `${keyof P & (string | number)}`
    ? P[(K & (string | number)) & keyof P]
    : TNever

/** The schema `Type.Pick(T, [...keys])` returns, computed directly for an object schema (TypeBox's `TPick` dispatches over every kind). */
export type PickOf<T extends TSchema, K extends PropertyKey[]> = T extends { [Kind]: 'Object'; properties: infer P extends TProperties }
  ? TObject<Pick<P, K[number] & keyof P>>
  : TPick<T, K>

/** The schema `Type.Omit(T, [...keys])` returns, TypeBox's `TOmit<T, K>`, computed directly when `T` is an object schema (see {@link PickOf}). */
export type OmitOf<T extends TSchema, K extends PropertyKey[]> = T extends { [Kind]: 'Object'; properties: infer P extends TProperties }
  ? TObject<Omit<P, K[number]>>
  : TOmit<T, K>

/** The constructors whose `$id` and `default` options are kept in the type. */
type Kept = 'Object' | 'Array' | 'String' | 'Number' | 'Integer' | 'Boolean' | 'Composite' | 'Union' | 'Intersect'

/**
 * TypeBox's builder, with a literal `$id` (and a `default`) kept in the type by the constructors a shared schema is usually built
 * with, and `Pick` / `Omit` of an object schema computed directly.
 */
export interface WarrenTypeBuilder extends Omit<JavaScriptTypeBuilder, Kept | 'Pick' | 'Omit'> {
  /** `Type.Pick` with the keys as a tuple: TypeBox's `TPick`, computed directly for an object schema ({@link PickOf}). */
  Pick<T extends TSchema, K extends PropertyKey[]>(type: T, key: readonly [...K], options?: SchemaOptions): PickOf<T, K>
  /** `Type.Pick` with the keys as a schema (a union of literals, `Type.KeyOf`…). */
  Pick<T extends TSchema, K extends TSchema>(type: T, key: K, options?: SchemaOptions): TPick<T, K>
  /** `Type.Omit` with the keys as a tuple: TypeBox's `TOmit`, computed directly for an object schema ({@link OmitOf}). */
  Omit<T extends TSchema, K extends PropertyKey[]>(type: T, key: readonly [...K], options?: SchemaOptions): OmitOf<T, K>
  /** `Type.Omit` with the keys as a schema (a union of literals, `Type.KeyOf`…). */
  Omit<T extends TSchema, K extends TSchema>(type: T, key: K, options?: SchemaOptions): TOmit<T, K>
  /** `Type.Object`, keeping a literal `$id` and a `default`. */
  Object<T extends TProperties, const O extends ObjectOptions = {}>(properties: T, options?: O): TObject<T> & NamedBy<O>
  /** `Type.Array`, keeping a literal `$id` and a `default`. */
  Array<T extends TSchema, const O extends ArrayOptions = {}>(items: T, options?: O): TArray<T> & NamedBy<O>
  /** `Type.String`, keeping a literal `$id` and a `default`. */
  String<const O extends StringOptions = {}>(options?: O): TString & NamedBy<O>
  /** `Type.Number`, keeping a literal `$id` and a `default`. */
  Number<const O extends NumberOptions = {}>(options?: O): TNumber & NamedBy<O>
  /** `Type.Integer`, keeping a literal `$id` and a `default`. */
  Integer<const O extends IntegerOptions = {}>(options?: O): TInteger & NamedBy<O>
  /** `Type.Boolean`, keeping a literal `$id` and a `default`. */
  Boolean<const O extends SchemaOptions = {}>(options?: O): TBoolean & NamedBy<O>
  /** `Type.Composite`, keeping a literal `$id` and a `default`; its type computed more cheaply for objects ({@link CompositeOf}). */
  Composite<T extends TSchema[], const O extends ObjectOptions = {}>(schemas: [...T], options?: O): CompositeOf<T> & NamedBy<O>
  /** `Type.Union`, keeping a literal `$id` and a `default`. */
  Union<T extends TSchema[], const O extends SchemaOptions = {}>(types: [...T], options?: O): Union<T> & NamedBy<O>
  /** `Type.Intersect`, keeping a literal `$id` and a `default`. */
  Intersect<T extends TSchema[], const O extends IntersectOptions = {}>(types: [...T], options?: O): Intersect<T> & NamedBy<O>
}
