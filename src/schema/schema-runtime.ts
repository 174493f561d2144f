/**
 * @module schema/schema-runtime (`warren/schema-runtime`)
 * The files compiled validators and serializers require at run time, imported from warren's own
 * dependencies, so a precompiled schemas module resolves them wherever warren resolves.
 */
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./schema-runtime-files.d.ts" />
import type { SchemaRuntimeId } from './schema-runtime-ids.js'
import * as equal from 'ajv/dist/runtime/equal.js'
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js'
import * as uri from 'ajv/dist/runtime/uri.js'
import * as validationError from 'ajv/dist/runtime/validation_error.js'
import * as formats from 'ajv-formats/dist/formats.js'
import * as serializer from 'fast-json-stringify/lib/serializer.js'

/** Each module namespace by the id generated code `require`s it with (the ids: schema-runtime-ids). */
export const schemaRuntime: Readonly<Record<SchemaRuntimeId, object>> = Object.freeze({
  'ajv/dist/runtime/equal': equal,
  'ajv/dist/runtime/ucs2length': ucs2length,
  'ajv/dist/runtime/uri': uri,
  'ajv/dist/runtime/validation_error': validationError,
  'ajv-formats/dist/formats': formats,
  'fast-json-stringify/lib/serializer': serializer,
})
