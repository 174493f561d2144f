/** One item of the validator's error array (Ajv's shape; other validators may differ). */
export interface ValidationErrorItem {
  instancePath?: string
  schemaPath?: string
  keyword?: string
  params?: Record<string, unknown>
  message?: string
  [key: string]: unknown
}

/** Turns validation errors into the Error a 400 answer carries: `(errors, dataVar) => Error`. */
export type SchemaErrorFormatter = (errors: ValidationErrorItem[], dataVar: string) => Error

/**
 * The default formatter: one clause per error, `<part><path> <message>`, joined with
 * commas — e.g. `body must have required property 'name'`.
 */
export const defaultSchemaErrorFormatter: SchemaErrorFormatter = (errors, dataVar) => {
  const clauses = errors.map((item) => `${dataVar}${item.instancePath ?? ''} ${item.message ?? 'is invalid'}`)
  return new Error(clauses.join(', '))
}
