/**
 * @module types/validation
 * Validation and serialization contracts: the compilers an instance or a route can be given, the functions
 * they return, and the error a failed validation produces.
 */

/** The part of a request a validation schema applies to. */
export type HTTPPart = 'body' | 'querystring' | 'params' | 'headers'

/** One item of the error list a validator reports, in Ajv's `ErrorObject` shape (an Ajv error list is accepted as is). */
export interface ValidationErrorItem {
  keyword: string
  /** JSON Pointer to the failing value inside the validated data. */
  instancePath: string
  /** JSON Pointer to the failing keyword inside the schema. */
  schemaPath: string
  /** Keyword-specific details (e.g. `{ missingProperty: 'name' }`). */
  params: Record<string, any>
  message?: string
  /** The property name, for errors about property names (Ajv's `propertyNames`). */
  propertyName?: string
  /** The failing keyword's value, with Ajv's `verbose` option. */
  schema?: unknown
  /** The schema holding the failing keyword, with Ajv's `verbose` option. */
  parentSchema?: object
  /** The failing data, with Ajv's `verbose` option. */
  data?: unknown
}

/** The error a failed validation produces (400 `SVC_ERR_VALIDATION`): thrown to the error handler, or left on `request.validationError` with `attachValidation`. */
export interface ValidationError extends Error {
  /** `'SVC_ERR_VALIDATION'`. */
  code?: string
  /** `400`. */
  statusCode?: number
  /** The failures, in Ajv's shape (a Standard Schema library's issues are given it too). */
  validation?: ValidationErrorItem[]
  validationContext?: string
}

/** `true`/`false` (Ajv style, errors on the function's `errors`), or `{ value }` / `{ error }` (the custom validator contract). */
export type ValidationResult =
  | boolean
  | { value: unknown; error?: undefined | null }
  | { error: unknown; value?: unknown }
  | undefined
  | null

/** A compiled validation function, as returned by a validator compiler (an Ajv validate function fits). */
export type ValidationFunction = ((data: any) => ValidationResult | Promise<unknown>) & {
  errors?: ValidationErrorItem[] | null
}

/** What a validator compiler is called with: one schema of one request part of one route. */
export interface ValidatorCompilerInput {
  schema: any
  method: string | string[]
  url: string
  httpPart: HTTPPart
}

/** Compiles one schema into a validation function (`setValidatorCompiler`, route option `validatorCompiler`). */
export type ValidatorCompiler = (input: ValidatorCompilerInput) => ValidationFunction

/** What a serializer compiler is called with: one response schema of one route. */
export interface SerializerCompilerInput {
  schema: any
  method: string | string[]
  url: string
  /** The status key the schema is declared under; `null` for `reply.compileSerializationSchema(schema)` without a status. */
  httpStatus: string | null
  /** The media type of its `content` entry, when it came from a `content` map. */
  contentType?: string
}

/** A compiled serializer: turns a payload into the string sent. */
export type SerializerFunction = (data: any) => string

/** Compiles one response schema into a serializer (`setSerializerCompiler`, route option `serializerCompiler`). */
export type SerializerCompiler = (input: SerializerCompilerInput) => SerializerFunction

/** Turns a validator's error list into the Error sent back (`setSchemaErrorFormatter`, factory option `schemaErrorFormatter`). */
export type SchemaErrorFormatter = (errors: ValidationErrorItem[], dataVar: string) => Error
