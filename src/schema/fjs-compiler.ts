/**
 * @module schema/fjs-compiler
 * The default serializer compiler: fast-json-stringify, projecting onto the native `JSON.stringify`
 * where that is faster (see {@link withMechanism}).
 */
import fastJson from 'fast-json-stringify'
import { entryKey, serializerContextKey } from './cache-key.js'
import type { SchemaCodeStore } from './code-store.js'
import type { SharedSchema } from './store.js'
import type { SerializerCompiler, SerializerFunction as SerializeFunction, SerializerOptions } from '../types/index.js'

/** The default serializer compiler for one set of shared schemas; with a store, serializers are loaded from it or written to it after start-up. */
export function buildFjsCompiler(shared: Record<string, SharedSchema>, cache: SchemaCodeStore | null = null, options: SerializerOptions = {}): SerializerCompiler {
  const compiled = new WeakMap<object, SerializeFunction>()
  const compile = cache === null ? inMemory(shared, options) : cached(shared, cache, options)
  return ({ schema, httpStatus, contentType, method, url }) => {
    let serialize = compiled.get(schema)
    if (serialize === undefined) {
      serialize = compile(schema, responseSchemaName(httpStatus, contentType, method, url))
      compiled.set(schema, serialize)
    }
    return serialize
  }
}

function responseSchemaName(httpStatus: string | null | undefined, contentType: string | undefined, method: string | string[] | undefined, url: string | undefined): string {
  return `the ${httpStatus ?? 'on-demand'} response schema${contentType === undefined ? '' : ` for ${contentType}`} of ${String(method)} ${url}`
}

type FjsSchema = Parameters<typeof fastJson>[0]

type BuildOne = (schema: object, where: string) => SerializeFunction

function inMemory(shared: Record<string, SharedSchema>, options: SerializerOptions): BuildOne {
  return (schema) => fastJson(schema as FjsSchema, { ...withMechanism(schema, options), schema: shared as Record<string, any> }) as SerializeFunction
}

const dateFormats = new Set(['date-time', 'date', 'time'])

/**
 * Unless the options name one, the object mechanism is `native`: the payload is copied into objects
 * of the schema's shape and written by the runtime's `JSON.stringify`, which on runtimes with its
 * side-effect-free fast path (Bun, Node 25+) writes a flat string 1.3–2.5× faster than string
 * building; elsewhere fast-json-stringify ignores it. A schema with a date format keeps the default:
 * formatting a `Date` into the copy costs more than the copy saves on V8. The output is the same.
 */
function withMechanism(schema: object, options: SerializerOptions): SerializerOptions {
  if (options.objectMechanism !== undefined) return options
  return { ...options, objectMechanism: formatsDates(schema) ? 'default' : 'native' }
}

function formatsDates(schema: unknown, seen = new WeakSet<object>()): boolean {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return false
  seen.add(schema)
  const record = schema as Record<string, unknown>
  if (typeof record.format === 'string' && dateFormats.has(record.format)) return true
  return Object.values(record).some((value) => formatsDates(value, seen))
}

/** A miss builds as without the cache (standalone mode would compile twice); the entry's code is generated after start-up from the key's JSON text. */
function cached(shared: Record<string, SharedSchema>, cache: SchemaCodeStore, options: SerializerOptions): BuildOne {
  const contextKey = serializerContextKey(shared, options, cache.portable)
  const byKey = new Map<string, SerializeFunction>()
  const build = inMemory(shared, options)
  return (schema, where) => {
    const text = JSON.stringify(schema)
    const key = entryKey(contextKey, text)
    let serialize = byKey.get(key) ?? (cache.load(key, where) as SerializeFunction | undefined)
    if (typeof serialize !== 'function') {
      serialize = build(schema, where)
      cache.store(key, () => standaloneCode(JSON.parse(text) as object, shared, options, cache.portable))
    }
    byKey.set(key, serialize)
    return serialize
  }
}

/** `inlineValidators` writes the Ajv validators of `anyOf`, `oneOf` and `if` into the code (a precompiled module). */
function standaloneCode(schema: object, shared: Record<string, SharedSchema>, options: SerializerOptions, inlineValidators: boolean): string {
  return fastJson(schema as FjsSchema, { ...withMechanism(schema, options), schema: shared as Record<string, any>, mode: 'standalone', inlineValidators }) as unknown as string
}
