/**
 * @module types/standard-schema
 * Schemas of other libraries (Zod, Valibot, ArkType…) through the Standard Schema v1 contract, and the static types a route takes from them.
 */

/** The `~standard` property of a Standard Schema v1: the library's name, its `validate`, and the schema's input and output types. */
export interface StandardSchemaProps<Input = unknown, Output = Input> {
  readonly version: 1
  /** The library that made the schema (`'zod'`, `'valibot'`, `'arktype'`…). */
  readonly vendor: string
  /** The library's own validation: a result with `value` or `issues`, or a promise of one. */
  readonly validate: (value: unknown) => unknown
  /** Phantom: the type a value has before validation (`input`) and after it (`output`). */
  readonly types?: { readonly input: Input; readonly output: Output } | undefined
}

/** A schema of another library that implements Standard Schema v1 (`~standard`): accepted wherever a route takes a schema. */
export interface StandardSchema<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaProps<Input, Output>
}

/** What a route's schema option accepts as another library's schema: anything with a `~standard` object (the runtime checks its version and `validate`). */
export interface StandardSchemaLike {
  readonly '~standard': object
}

export type StandardSide = 'input' | 'output'

export type StandardTypeOf<S, Side extends StandardSide> = S extends { readonly _zod: infer Z }
  ? SideOf<Z, Side>
  : S extends ArkTypeLike
    ? ArkTypeSide<S, Side>
    : S extends { readonly '~standard': { readonly types?: infer T } }
    ? SideOf<NonNullable<T>, Side>
    : unknown

/**
 * An ArkType type, known by its own phantom types (what its `.infer` and `.inferIn` read): the same
 * types as its `~standard.types`, but reading `~standard` on an ArkType type instantiates its
 * Standard Schema props, which costs some 600 instantiations per schema (docs/architecture.md).
 */
export interface ArkTypeLike {
  readonly inferIn: unknown
  readonly inferOut: unknown
}

type ArkTypeSide<S extends ArkTypeLike, Side extends StandardSide> = Side extends 'output' ? S['inferOut'] : S['inferIn']

/** `input` or `output` of a record of both (Zod's `_zod`, a `~standard.types`). */
type SideOf<Types, Side extends StandardSide> = Side extends 'output'
  ? Types extends { readonly output: infer O }
    ? O
    : unknown
  : Types extends { readonly input: infer I }
    ? I
    : unknown

/** The output type of a Standard Schema (what a validated request part is). */
export type StandardOutput<S> = StandardTypeOf<S, 'output'>

/** The input type of a Standard Schema (what a reply gives a response schema). */
export type StandardInput<S> = StandardTypeOf<S, 'input'>
