/**
 * @module schema/schema-runtime-ids
 * The ids of the run-time files `warren/schema-runtime` holds, apart from the files themselves, so
 * that writing a schemas module does not load them.
 */

/**
 * What compiled code `require`s of warren's dependencies. Ajv's JTD helpers and `re2` are left
 * out: warren compiles no JTD schemas, and `re2` is an optional native package an application
 * installs itself (a module needing it imports it by name).
 */
export const schemaRuntimeIds = [
  'ajv/dist/runtime/equal',
  'ajv/dist/runtime/ucs2length',
  'ajv/dist/runtime/uri',
  'ajv/dist/runtime/validation_error',
  'ajv-formats/dist/formats',
  'fast-json-stringify/lib/serializer',
] as const

export type SchemaRuntimeId = (typeof schemaRuntimeIds)[number]
