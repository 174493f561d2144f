/**
 * @module schema/error-formatter
 * The default schema error formatter: the message of a validation failure.
 */
import type { SchemaErrorFormatter } from '../types/index.js'

export type { SchemaErrorFormatter }

/** One clause per error, `<part><path> <message>`, joined with commas. */
export const defaultSchemaErrorFormatter: SchemaErrorFormatter = (errors, dataVar) => {
  const clauses = errors.map((item) => `${dataVar}${item.instancePath ?? ''} ${item.message ?? 'is invalid'}`)
  return new Error(clauses.join(', '))
}
