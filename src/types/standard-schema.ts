/**
 * @module types/standard-schema
 * Schemas of other libraries (Zod, Valibot, ArkType…) through the Standard Schema v1 contract: the
 * `~standard` property warren reads them by, and the static types a route takes from them.
 *
 * @packageDocumentation
 */

/**
 * The `~standard` property of a Standard Schema v1: the library's name, its `validate`, and the
 * schema's input and output types. Libraries that also implement Standard JSON Schema add a
 * `jsonSchema` converter, which warren reads at start-up (see `docs/guide/schema-libraries.md`).
 */
export interface StandardSchemaProps<Input = unknown, Output = Input> {
  /** The version of the contract: 1. */
  readonly version: 1
  /** The library that made the schema (`'zod'`, `'valibot'`, `'arktype'`…). */
  readonly vendor: string
  /** The library's own validation: a result with `value` or `issues`, or a promise of one. */
  readonly validate: (value: unknown) => unknown
  /** Phantom: the type a value has before validation (`input`) and after it (`output`). */
  readonly types?: { readonly input: Input; readonly output: Output } | undefined
}

/**
 * A schema of another library that implements Standard Schema v1 (`~standard`): accepted wherever a
 * route takes a schema. A request part is typed by its output type (what validation gives the
 * handler), a response by its input type (what the handler gives the library).
 */
export interface StandardSchema<Input = unknown, Output = Input> {
  /** The library's Standard Schema properties. */
  readonly '~standard': StandardSchemaProps<Input, Output>
}

/** Which type of a Standard Schema: `input` (before validation) or `output` (after). */
export type StandardSide = 'input' | 'output'

/**
 * The input or output type of the Standard Schema whose `~standard` property is `P`. Read by
 * inference from the property, not by comparing the schema with {@link StandardSchema}: a library's
 * schema type is large, and comparing it member by member would cost every route that uses one.
 */
export type StandardTypeOf<P, Side extends StandardSide> = P extends { readonly types?: infer T } ? (NonNullable<T> extends { readonly [K in Side]: infer V } ? V : unknown) : unknown

/** The output type of a Standard Schema (what a validated request part is). */
export type StandardOutput<S> = S extends { readonly '~standard': infer P } ? StandardTypeOf<P, 'output'> : unknown

/** The input type of a Standard Schema (what a reply gives a response schema). */
export type StandardInput<S> = S extends { readonly '~standard': infer P } ? StandardTypeOf<P, 'input'> : unknown
