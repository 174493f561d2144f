/**
 * The type of the `Type` builder `warren` exports: TypeBox's own builder (the same object at run
 * time), whose common constructors also keep a literal `$id` in the schema's type. TypeBox's
 * `Type.Object({...}, { $id: 'Country' })` returns a `TObject` that forgets the `$id`; with this
 * type it returns `TObject & { $id: 'Country' }`, so `app.addSchema(Country)` can file the
 * schema under its id and `Type.Ref('Country')` in a route resolves to its static type.
 *
 * @packageDocumentation
 */
import type {
  ArrayOptions,
  IntegerOptions,
  Intersect,
  IntersectOptions,
  JavaScriptTypeBuilder,
  NumberOptions,
  ObjectOptions,
  SchemaOptions,
  StringOptions,
  TArray,
  TBoolean,
  TComposite,
  TInteger,
  TNumber,
  TObject,
  TProperties,
  TSchema,
  TString,
  Union,
} from '@sinclair/typebox'

/** `{ $id: Id }` when the options carry a literal `$id`, else nothing. */
export type NamedBy<O> = O extends { $id: infer Id extends string } ? (string extends Id ? {} : { readonly $id: Id }) : {}

/** The constructors whose `$id` option is kept in the type. */
type Kept = 'Object' | 'Array' | 'String' | 'Number' | 'Integer' | 'Boolean' | 'Composite' | 'Union' | 'Intersect'

/** TypeBox's builder, with a literal `$id` kept in the type by the constructors a shared schema is usually built with. */
export interface WarrenTypeBuilder extends Omit<JavaScriptTypeBuilder, Kept> {
  /** `Type.Object`, keeping a literal `$id`. */
  Object<T extends TProperties, const O extends ObjectOptions = {}>(properties: T, options?: O): TObject<T> & NamedBy<O>
  /** `Type.Array`, keeping a literal `$id`. */
  Array<T extends TSchema, const O extends ArrayOptions = {}>(items: T, options?: O): TArray<T> & NamedBy<O>
  /** `Type.String`, keeping a literal `$id`. */
  String<const O extends StringOptions = {}>(options?: O): TString & NamedBy<O>
  /** `Type.Number`, keeping a literal `$id`. */
  Number<const O extends NumberOptions = {}>(options?: O): TNumber & NamedBy<O>
  /** `Type.Integer`, keeping a literal `$id`. */
  Integer<const O extends IntegerOptions = {}>(options?: O): TInteger & NamedBy<O>
  /** `Type.Boolean`, keeping a literal `$id`. */
  Boolean<const O extends SchemaOptions = {}>(options?: O): TBoolean & NamedBy<O>
  /** `Type.Composite`, keeping a literal `$id`. */
  Composite<T extends TSchema[], const O extends ObjectOptions = {}>(schemas: [...T], options?: O): TComposite<T> & NamedBy<O>
  /** `Type.Union`, keeping a literal `$id`. */
  Union<T extends TSchema[], const O extends SchemaOptions = {}>(types: [...T], options?: O): Union<T> & NamedBy<O>
  /** `Type.Intersect`, keeping a literal `$id`. */
  Intersect<T extends TSchema[], const O extends IntersectOptions = {}>(types: [...T], options?: O): Intersect<T> & NamedBy<O>
}
