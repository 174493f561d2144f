/** What a validation function returns: Ajv's boolean (errors on `.errors`), or the `{ value } | { error }` contract of a custom validator. */
export type ValidationResult = boolean | { value?: unknown; error?: unknown } | undefined | null

/** A compiled validation function. */
export type ValidateFunction = ((data: unknown) => ValidationResult | Promise<ValidationResult>) & { errors?: unknown }

/** `setValidatorCompiler(fn)`: `fn({ schema, method, url, httpPart })` returns a validation function. */
export type ValidatorCompiler = (route: { schema: any; method: string; url: string; httpPart: string }) => ValidateFunction

/** A compiled serializer: from a value to the JSON string that goes on the wire. */
export type SerializeFunction = (data: unknown) => string

/** `setSerializerCompiler(fn)`: `fn({ schema, method, url, httpStatus, contentType })` returns a serializer. */
export type SerializerCompiler = (route: {
  schema: any
  method: string
  url: string
  httpStatus: string
  contentType?: string
}) => SerializeFunction
